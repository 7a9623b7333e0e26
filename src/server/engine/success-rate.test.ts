import { describe, expect, it } from 'vitest';
import { analyzePair } from './analyze-pair';
import { HOUR_MS } from './candles';
import { computeMarketSeries } from './market-series';
import { computeSetupStates } from './setup-states';
import { HORIZONS, exitsFor } from './setups';
import {
  SHRINKAGE,
  estimateSuccess,
  expectedProfitOf,
  shrunkRate,
  shrunkTimeoutReturn,
} from './success-rate';
import { syntheticCandles } from './synthetic-candles';
import type { Candle, Direction, Horizon } from './types';

/** Hand-made hourly candles: close(k) and a half-range(k) around it, as a fraction of the close. */
function handMade(count: number, close: (k: number) => number, halfRange: (k: number) => number): Candle[] {
  return Array.from({ length: count }, (_, k) => {
    const c = close(k);
    const h = halfRange(k);
    return { time: k * HOUR_MS, open: c, high: c * (1 + h), low: c * (1 - h), close: c, volume: 10 };
  });
}

/** The backtest of one setup at the last candle, in the state of that candle, and its exits today. */
function backtestLast(candles: Candle[], horizon: Horizon, direction: Direction) {
  const s = computeMarketSeries(candles);
  const states = computeSetupStates(s);
  const end = s.n - 1;
  const fee = 0.52;
  const estimate = estimateSuccess({
    series: s,
    end,
    states,
    horizon,
    direction,
    trend: states.trend[end]!,
    heatBand: states.heatBand[end]!,
    highRisk: states.highRisk[end]!,
    roundTripFeePercent: fee,
    fallbackRate: 0.4,
  });
  const exits = exitsFor({
    horizon,
    direction,
    atrPercent: (s.atr[end]! / s.close[end]!) * 100,
    roundTripFeePercent: fee,
  });
  return { estimate, exits, fee, expected: expectedProfitOf(estimate, exits, fee) };
}

describe('shrinkage toward the broader rate', () => {
  it('pulls a small sample almost all the way to the prior', () => {
    const small = shrunkRate({ n: 3, wins: 3, hours: 3 }, 0.4, 30);
    expect(small.rate).toBeCloseTo((1 * 3 + 0.4 * 30) / 33, 12);
    expect(small.rate).toBeLessThan(0.5);
  });

  it('lets a large sample speak for itself', () => {
    const large = shrunkRate({ n: 5000, wins: 3500, hours: 5000 }, 0.4, 30);
    expect(large.rate).toBeGreaterThan(0.69);
  });

  it('discounts overlapping samples by their mean hours to resolution', () => {
    const quick = shrunkRate({ n: 100, wins: 80, hours: 100 }, 0.4, 30);
    const slow = shrunkRate({ n: 100, wins: 80, hours: 1000 }, 0.4, 30);
    expect(slow.effective).toBe(10);
    expect(quick.effective).toBe(100);
    expect(Math.abs(slow.rate - 0.4)).toBeLessThan(Math.abs(quick.rate - 0.4));
  });

  it('returns the prior when there is no sample', () => {
    expect(shrunkRate({ n: 0, wins: 0, hours: 0 }, 0.37, 30)).toEqual({ rate: 0.37, effective: 0 });
  });
});

describe('shrinkage of the timeout return', () => {
  it('counts k timeouts as k / horizon effective trades', () => {
    expect(shrunkTimeoutReturn({ timeouts: 240, timeoutR: 120 }, 24, 0, 100).effective).toBe(10);
  });

  it('pulls a small sample almost all the way to the broader mean', () => {
    // 24 day-trade timeouts averaging +0.5 R are one effective trade against a prior worth 100.
    const small = shrunkTimeoutReturn({ timeouts: 24, timeoutR: 12 }, 24, 0.1, 100);
    expect(small.mean).toBeCloseTo((0.5 * 1 + 0.1 * 100) / 101, 12);
    expect(small.mean).toBeLessThan(0.11);
  });

  it('lets a large sample speak for itself', () => {
    const large = shrunkTimeoutReturn({ timeouts: 240_000, timeoutR: 120_000 }, 24, 0.1, 100);
    expect(large.mean).toBeGreaterThan(0.49);
  });

  it('returns the prior when nothing timed out', () => {
    expect(shrunkTimeoutReturn({ timeouts: 0, timeoutR: 0 }, 8, -0.2, 100)).toEqual({
      mean: -0.2,
      effective: 0,
    });
  });
});

describe('expected profit from the backtest', () => {
  it('is −fees, not −stop − fees, when every past trade timed out flat', () => {
    // A flat market whose candles never reach even the fee-floored exits.
    const flat = handMade(
      600,
      () => 100,
      () => 0.001,
    );
    for (const [horizon, direction] of [
      ['day', 'long'],
      ['quick', 'short'],
      ['scalp', 'balanced'],
    ] as const) {
      const { estimate, exits, expected } = backtestLast(flat, horizon, direction);
      expect(estimate.sampleSize).toBeGreaterThan(100);
      expect(estimate.successRate).toBe(0);
      expect(estimate.stopLossRate).toBe(0);
      expect(estimate.timeoutRate).toBe(1);
      expect(estimate.timeoutReturnR).toBe(0);
      expect(expected).toBeCloseTo(-0.52, 12);
      // the old formula would have charged a full stop on every one of these trades
      expect(-exits.stopLossPercent - 0.52).toBeLessThan(expected - 0.5);
    }
    const a = analyzePair({
      pair: 'FLAT/USD',
      hourly: flat,
      minute: [],
      activeTriggerCount: 0,
      takerFeePercent: 0.26,
    });
    expect(a.expectedProfitPercent).toBeCloseTo(-0.52, 12);
    expect(a.figures.pTimeout).toBe(1);
    expect(a.figures.pTakeProfit).toBe(0);
    expect(a.figures.pStopLoss).toBe(0);
    expect(a.figures.timeoutReturnPercent).toBe(0);
  });

  it('is −stop − fees when every past trade hit its stop-loss', () => {
    // Three still hours, then one hour swinging ±5 %: ATR settles near 2.8 %, so an 8-hour trade
    // always meets a candle that touches both exits (1.5 ATR ≈ 4.2 % < 5 %), which counts as the stop.
    const whipsaw = handMade(
      800,
      () => 100,
      (k) => (k % 4 === 3 ? 0.05 : 0),
    );
    for (const direction of ['long', 'short', 'balanced'] as const) {
      const { estimate, exits, expected } = backtestLast(whipsaw, 'quick', direction);
      expect(estimate.sampleSize).toBeGreaterThan(100);
      expect(estimate.stopLossRate).toBe(1);
      expect(estimate.successRate).toBe(0);
      expect(estimate.timeoutRate).toBe(0);
      expect(expected).toBeCloseTo(-exits.stopLossPercent - 0.52, 12);
    }
  });

  it("shrinks a directional timeout return toward the two-sided mean, by the timeouts' weight", () => {
    // A steady climb of 0.01 % an hour inside ±0.05 % candles: every trade times out, a buy up
    // 1.0001^24 − 1 and a sell down as much. Two-sided, the timeouts average exactly 0; the long
    // cell's own mean is pulled toward it with its timeouts worth timeouts / 24 effective trades.
    const climb = handMade(
      700,
      (k) => 100 * 1.0001 ** k,
      () => 0.0005,
    );
    const { estimate, exits, fee, expected } = backtestLast(climb, 'day', 'long');
    expect(estimate.timeoutRate).toBe(1);
    const effective = estimate.cellTimeouts / HORIZONS.day.hours;
    const rawR = (1.0001 ** 24 - 1) / (exits.stopLossPercent / 100);
    expect(estimate.cellTimeouts).toBe(estimate.sampleSize);
    expect(estimate.timeoutReturnR).toBeCloseTo(
      (rawR * effective) / (effective + SHRINKAGE.cellTowardState),
      9,
    );
    expect(estimate.timeoutReturnR).toBeGreaterThan(0);
    expect(estimate.timeoutReturnR).toBeLessThan(rawR / 2);
    expect(expected).toBeCloseTo(estimate.timeoutReturnR * exits.stopLossPercent - fee, 12);
    const short = backtestLast(climb, 'day', 'short').estimate;
    expect(short.timeoutReturnR).toBeCloseTo(-estimate.timeoutReturnR, 12);
  });

  it('keeps the take-profit share equal to the success rate and the three shares summing to one', () => {
    const market = syntheticCandles({ seed: 21, count: 1600 });
    for (const [horizon, direction] of [
      ['day', 'long'],
      ['hedge', 'short'],
      ['scalp', 'balanced'],
    ] as const) {
      const { estimate, exits, fee, expected } = backtestLast(market, horizon, direction);
      const { successRate: tp, stopLossRate: sl, timeoutRate: to } = estimate;
      expect(tp + sl + to).toBeCloseTo(1, 12);
      for (const p of [tp, sl, to]) expect(p).toBeGreaterThan(0);
      expect(expected).toBeCloseTo(
        tp * exits.takeProfitPercent -
          sl * exits.stopLossPercent +
          to * estimate.timeoutReturnR * exits.stopLossPercent -
          fee,
        12,
      );
      // a timed-out trade ends between its exits
      expect(estimate.timeoutReturnR).toBeGreaterThan(-1);
      expect(estimate.timeoutReturnR).toBeLessThan(exits.takeProfitPercent / exits.stopLossPercent);
    }
  });
});

describe('backtest of the current setup', () => {
  const candles = syntheticCandles({ seed: 11, count: 1500 });
  const s = computeMarketSeries(candles);
  const states = computeSetupStates(s);
  const args = {
    series: s,
    end: s.n - 1,
    states,
    horizon: 'quick' as const,
    direction: 'long' as const,
    trend: states.trend[s.n - 1]!,
    heatBand: states.heatBand[s.n - 1]!,
    highRisk: states.highRisk[s.n - 1]!,
    roundTripFeePercent: 0.52,
    fallbackRate: 0.4,
  };

  it('counts only past trades in the same state and lands between the raw and the state rate', () => {
    const e = estimateSuccess(args);
    const sameState = states.trend.filter(
      (t, j) =>
        j >= 168 &&
        j < s.n - 8 &&
        t === args.trend &&
        states.heatBand[j] === args.heatBand &&
        states.highRisk[j] === args.highRisk,
    ).length;
    expect(e.sampleSize).toBeGreaterThan(0);
    expect(e.sampleSize).toBeLessThanOrEqual(sameState);
    const raw = e.cellSuccesses / e.sampleSize;
    expect(e.successRate).toBeGreaterThanOrEqual(Math.min(raw, e.stateRate) - 1e-12);
    expect(e.successRate).toBeLessThanOrEqual(Math.max(raw, e.stateRate) + 1e-12);
    expect(e.historySize).toBe(s.n - 8 - 168);
  });

  it('falls back when there is no history at all', () => {
    const e = estimateSuccess({ ...args, end: 170 });
    expect(e.sampleSize).toBe(0);
    expect(e.successRate).toBe(0.4);
    // no history: every trade is assumed to reach an exit (the conservative pre-backtest reading)
    expect(e.stopLossRate).toBeCloseTo(0.6, 12);
    expect(e.timeoutRate).toBe(0);
  });
});
