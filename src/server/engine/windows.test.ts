import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../shared/time';
import {
  prior24hRangeSeries,
  ratioToWeekMeanSeries,
  relativeVolumeSeries,
  weekVolatilitySeries,
} from './windows';

const hours = (n: number, from = 0) => Array.from({ length: n }, (_, k) => (from + k) * HOUR_MS);

describe('calendar windows', () => {
  it('relative volume compares a candle with the median of the 7 days before it', () => {
    const volumes = [...new Array<number>(200).fill(10), 40];
    const rv = relativeVolumeSeries(hours(201), volumes);
    expect(rv[0]).toBe(1);
    expect(rv[199]).toBe(1);
    expect(rv[200]).toBe(4);
  });

  it('windows are by time: candles older than 7 days drop out even across a gap', () => {
    // 10 candles with volume 100, a 10-day gap, then candles with volume 1.
    const times = [...hours(10), ...hours(5, 10 + 240)];
    const volumes = [...new Array<number>(10).fill(100), 1, 1, 1, 1, 1];
    const rv = relativeVolumeSeries(times, volumes);
    expect(rv[10]).toBe(1); // nothing in the last 7 days before it: no history
    expect(rv[12]).toBe(1); // median of [1, 1]
  });

  it('the prior 24 h range excludes the candle itself', () => {
    const highs = Array.from({ length: 30 }, (_, k) => 100 + k);
    const lows = highs.map((h) => h - 5);
    const r = prior24hRangeSeries(hours(30), highs, lows);
    expect(Number.isNaN(r.high[0])).toBe(true);
    expect(r.high[29]).toBe(128);
    expect(r.low[29]).toBe(100); // candles 5..28 (the 24 hours before candle 29) → lowest low 105−5
  });

  it('ratio to the weekly mean is 1 for a constant series and 2 for a doubling', () => {
    const values = [...new Array<number>(300).fill(3)];
    values[299] = 6;
    const r = ratioToWeekMeanSeries(hours(300), values);
    expect(r[298]).toBe(1);
    expect(r[299]).toBeCloseTo(6 / ((3 * 167 + 6) / 168), 12);
  });

  it('7-day volatility is the daily-scaled standard deviation of hourly log returns', () => {
    // Alternating ±1 % log returns: sample sd over 168 returns = 0.01 × sqrt(168/167).
    const closes = [100];
    for (let k = 1; k < 200; k++) closes.push(closes[k - 1]! * Math.exp(k % 2 ? 0.01 : -0.01));
    const v = weekVolatilitySeries(hours(200), closes);
    expect(v[199]).toBeCloseTo(0.01 * Math.sqrt(168 / 167) * Math.sqrt(24) * 100, 6);
  });
});
