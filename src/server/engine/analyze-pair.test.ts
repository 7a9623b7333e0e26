import { describe, expect, it } from 'vitest';
import { POSITION_TYPES } from '../../contract/enums';
import { ENGINE_VERSION, MIN_HOURLY_CANDLES, analyzePair } from './analyze-pair';
import { HOUR_MS } from '../shared/time';
import { syntheticCandles } from './synthetic-candles';
import type { AnalyzePairInput } from './types';

const hourly = syntheticCandles({ seed: 5, count: 2160 });
const input: AnalyzePairInput = {
  pair: 'SYN/USD',
  hourly,
  minute: [],
  activeTriggerCount: 0,
  takerFeePercent: 0.26,
};

describe('analyzePair on 90 days of hourly candles', () => {
  const a = analyzePair(input);

  it('is deterministic', () => {
    expect(analyzePair(input)).toEqual(a);
  });

  it('returns finite figures in their documented ranges', () => {
    expect(a.engineVersion).toBe(ENGINE_VERSION);
    expect(a.dataCutoff).toBe(hourly[hourly.length - 1]!.time);
    for (const [k, v] of Object.entries(a.figures)) expect(Number.isFinite(v), k).toBe(true);
    for (const v of Object.values(a.indicators)) expect(Number.isFinite(v)).toBe(true);
    expect(a.heatScore).toBeGreaterThanOrEqual(0);
    expect(a.heatScore).toBeLessThanOrEqual(100);
    expect(a.successRate).toBeGreaterThan(0);
    expect(a.successRate).toBeLessThan(100);
    expect(a.progrevScore).toBeGreaterThan(0);
    expect(a.progrevScore).toBeLessThan(1);
    expect(a.density).toBeGreaterThanOrEqual(0);
    expect(a.density).toBeLessThanOrEqual(1);
    expect(POSITION_TYPES).toContain(a.signal.positionType);
    expect(a.comment).toContain(a.signal.positionType);
  });

  it('prices the expected profit over take-profits, stop-losses and timeouts, after round-trip fees', () => {
    const f = a.figures;
    const { takeProfitPercent: tp, stopLossPercent: sl, feePercent } = a.signal;
    expect(feePercent).toBeCloseTo(0.52, 12);
    expect(f.pTakeProfit! * 100).toBe(a.successRate);
    expect(f.pTakeProfit! + f.pStopLoss! + f.pTimeout!).toBeCloseTo(1, 12);
    expect(f.pTimeout).toBeGreaterThan(0);
    expect(a.expectedProfitPercent).toBeCloseTo(
      f.pTakeProfit! * tp - f.pStopLoss! * sl + f.pTimeout! * f.timeoutReturnPercent! - 0.52,
      12,
    );
    // a timed-out trade closes between its exits, so it never costs a full stop
    expect(f.timeoutReturnPercent).toBeGreaterThan(-sl);
    expect(f.timeoutReturnPercent).toBeLessThan(tp);
    const s = a.successRate / 100;
    expect(a.expectedProfitPercent).toBeGreaterThan(s * tp - (1 - s) * sl - 0.52);
    expect(a.figures.expectedProfitPercent).toBe(a.expectedProfitPercent);
    expect(a.comment).toContain(`${(f.pTimeout! * 100).toFixed(0)} % expected to reach neither exit`);
  });

  it('keeps the sample size behind the success rate', () => {
    expect(a.sampleSize).toBe(a.figures.sampleSize);
    expect(a.sampleSize).toBeGreaterThan(0);
  });

  it('measures density as the share of the last 24 candles wider than their ATR', () => {
    const wide = hourly.map((c, k) =>
      k >= hourly.length - 24 ? { ...c, high: c.high * 1.05, low: c.low * 0.95 } : c,
    );
    expect(analyzePair({ ...input, hourly: wide }).density).toBe(1);
  });

  it('takes the latest price from newer one-minute candles', () => {
    const last = hourly[hourly.length - 1]!;
    const minute = [0, 1, 2].map((k) => ({
      time: last.time + HOUR_MS + k * 60_000,
      open: last.close,
      high: last.close * 1.01,
      low: last.close,
      close: last.close * 1.01,
      volume: 1,
    }));
    const r = analyzePair({ ...input, minute });
    expect(r.indicators.price).toBeCloseTo(last.close * 1.01, 9);
    expect(r.indicators.high24h).toBeGreaterThanOrEqual(last.close * 1.01);
    expect(r.figures.hourlyClose).toBe(last.close);
  });

  it('refuses too short a history with a clear message', () => {
    expect(() => analyzePair({ ...input, hourly: hourly.slice(0, MIN_HOURLY_CANDLES - 1) })).toThrow(
      /needs 60 hourly candles/,
    );
    expect(analyzePair({ ...input, hourly: hourly.slice(0, MIN_HOURLY_CANDLES) }).sampleSize).toBe(0);
  });
});
