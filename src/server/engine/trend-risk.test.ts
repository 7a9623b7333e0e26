import { describe, expect, it } from 'vitest';
import { analyzePair } from './analyze-pair';
import { HOUR_MS } from '../shared/time';
import { computeMarketSeries } from './market-series';
import { riskLevelOf, riskScoreOf, volatilityPercentileSeries } from './risk';
import { syntheticCandles } from './synthetic-candles';
import { classifyTrend } from './trend';
import type { Candle } from './types';

/** A steady percentage trend with a small deterministic wiggle. */
function trending(ratePerHour: number, count = 400): Candle[] {
  return Array.from({ length: count }, (_, k) => {
    const close = 100 * Math.exp(ratePerHour * k + 0.001 * Math.sin(k));
    return { time: k * HOUR_MS, open: close, high: close * 1.002, low: close * 0.998, close, volume: 100 };
  });
}

const analyze = (hourly: Candle[], spreadPercent?: number) =>
  analyzePair({
    pair: 'T/USD',
    hourly,
    minute: [],
    activeTriggerCount: 0,
    takerFeePercent: 0.26,
    spreadPercent,
  });

describe('trend', () => {
  it('reads a clean uptrend as bullish and a clean downtrend as bearish, compounding or straight', () => {
    expect(analyze(trending(0.002)).trend).toBe('bullish');
    expect(analyze(trending(-0.002)).trend).toBe('bearish');
    const straightDown = trending(0).map((c, k) => ({ ...c, close: 200 - 0.2 * k, open: 200 - 0.2 * k }));
    expect(analyze(straightDown.map((c) => ({ ...c, high: c.close + 0.3, low: c.close - 0.3 }))).trend).toBe(
      'bearish',
    );
  });

  it('is neutral on a flat market', () => {
    expect(analyze(trending(0)).trend).toBe('neutral');
  });

  it('is neutral when EMA alignment and MACD disagree', () => {
    expect(classifyTrend({ ema20: 101, ema50: 100, macd: -1, atr: 1 })).toBe('neutral');
    expect(classifyTrend({ ema20: 99, ema50: 100, macd: 3, atr: 1 })).toBe('neutral');
    expect(classifyTrend({ ema20: 101, ema50: 100, macd: 3, atr: 1 })).toBe('bullish');
    expect(classifyTrend({ ema20: 99, ema50: 100, macd: -3, atr: 1 })).toBe('bearish');
  });

  it('ignores EMA gaps under a quarter ATR', () => {
    expect(classifyTrend({ ema20: 100.2, ema50: 100, macd: 3, atr: 1 })).toBe('neutral');
    expect(classifyTrend({ ema20: 100.3, ema50: 100, macd: 3, atr: 1 })).toBe('bullish');
  });
});

describe('risk', () => {
  it('ranks volatility against the pair’s own past, ties counting half', () => {
    const s = computeMarketSeries(syntheticCandles({ seed: 3, count: 600 }));
    const p = volatilityPercentileSeries(s);
    let below = 0;
    let equal = 0;
    let count = 0;
    for (let j = 0; j < 599; j++) {
      const v = s.volatility7d[j]!;
      if (!Number.isFinite(v)) continue;
      count++;
      if (v < s.volatility7d[599]!) below++;
      else if (v === s.volatility7d[599]!) equal++;
    }
    expect(p[599]).toBeCloseTo((below + equal / 2) / count, 12);
  });

  it('grows with each input and maps to levels', () => {
    const base = { volatilityPercentile: 0.5, atrPercent: 1, spreadPercent: 0.1 };
    const score = riskScoreOf(base);
    expect(riskScoreOf({ ...base, volatilityPercentile: 0.9 })).toBeGreaterThan(score);
    expect(riskScoreOf({ ...base, atrPercent: 1.5 })).toBeGreaterThan(score);
    expect(riskScoreOf({ ...base, spreadPercent: 0.4 })).toBeGreaterThan(score);
    expect(riskLevelOf(10)).toBe('low');
    expect(riskLevelOf(50)).toBe('medium');
    expect(riskLevelOf(90)).toBe('high');
  });

  it('a wide spread can lift a pair to high risk', () => {
    const candles = syntheticCandles({ seed: 5, count: 500 });
    expect(analyze(candles, 5).riskScore).toBeGreaterThan(analyze(candles, 0).riskScore);
  });
});
