import { describe, expect, it } from 'vitest';
import { analyzePair } from './analyze-pair';
import { seededRandom } from '../shared/random';
import { HOUR_MS } from '../shared/time';
import { computeMarketSeries } from './market-series';
import { computeSetupStates } from './setup-states';
import { HORIZONS, exitsFor } from './setups';
import {
  PRIOR_WEIGHT,
  estimateSuccess,
  expectedProfitOf,
  priorWeight,
  shrunkRate,
  shrunkTimeoutReturn,
  type LevelCell,
  type Tally,
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

/**
 * Cells of one level: `n` independent trades each (one hour each, so n effective), wins drawn from
 * each cell's true rate, all compared with the pooled rate as their parent.
 */
function level(trueRates: number[], n: number, seed: number): { cells: LevelCell[]; parent: number } {
  const draw = seededRandom(seed);
  const tallies: Tally[] = trueRates.map((p) => {
    let wins = 0;
    for (let k = 0; k < n; k++) if (draw() < p) wins++;
    return { n, wins, hours: n };
  });
  const total = tallies.reduce((sum, t) => sum + t.n, 0);
  const parent = tallies.reduce((sum, t) => sum + t.wins, 0) / total;
  return { cells: tallies.map((t) => ({ tally: t, parentRate: parent, parentShare: t.n / total })), parent };
}

describe('empirical-Bayes prior weight', () => {
  it('is the maximum when every cell has the same true rate, so estimates stay at the parent', () => {
    for (const seed of [1, 2, 3]) {
      const { cells, parent } = level(new Array<number>(48).fill(0.3), 200, seed);
      const k = priorWeight(cells);
      expect(k).toBe(PRIOR_WEIGHT.max);
      let meanDeviation = 0;
      for (const { tally } of cells) {
        const raw = tally.wins / tally.n;
        const shrunk = shrunkRate(tally, parent, k).rate;
        // 200 effective trades against 400: two thirds of the (pure noise) deviation is removed
        expect(Math.abs(shrunk - parent)).toBeCloseTo(Math.abs(raw - parent) / 3, 12);
        expect(Math.abs(shrunk - parent)).toBeLessThan(0.03);
        meanDeviation += Math.abs(shrunk - parent) / cells.length;
      }
      expect(meanDeviation).toBeLessThan(0.012);
    }
  });

  it('is the maximum without any scatter or with fewer than two cells', () => {
    const same = { tally: { n: 500, wins: 150, hours: 500 }, parentRate: 0.3, parentShare: 0.5 };
    expect(priorWeight([same, same])).toBe(PRIOR_WEIGHT.max);
    expect(priorWeight([{ ...same, tally: { n: 500, wins: 400, hours: 500 } }])).toBe(PRIOR_WEIGHT.max);
    expect(priorWeight([])).toBe(PRIOR_WEIGHT.max);
  });

  it('is small when cells differ strongly with plenty of data, so each keeps its own rate', () => {
    const trueRates = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65];
    const { cells, parent } = level(trueRates, 2000, 7);
    const k = priorWeight(cells);
    // true scatter: variance 0.0298 around 0.375, so p(1 − p) / τ² ≈ 8, clamped to the floor
    expect(k).toBeGreaterThanOrEqual(PRIOR_WEIGHT.min);
    expect(k).toBeLessThan(15);
    cells.forEach(({ tally }, c) => {
      const raw = tally.wins / tally.n;
      const shrunk = shrunkRate(tally, parent, k).rate;
      expect(Math.abs(shrunk - raw)).toBeLessThan(0.002);
      expect(Math.abs(shrunk - trueRates[c]!)).toBeLessThan(0.035);
    });
  });

  it('sits in between for a moderate true scatter, and the fixed weight of 100 would be too heavy', () => {
    // true rates 0.3 ± 0.05: τ² = 0.0025, p(1 − p) / τ² = 84
    const { cells } = level([0.25, 0.35, 0.25, 0.35, 0.25, 0.35, 0.25, 0.35, 0.25, 0.35], 3000, 11);
    const k = priorWeight(cells);
    expect(k).toBeGreaterThan(60);
    expect(k).toBeLessThan(110);
  });

  it('still shrinks a small sample hard, even where large cells differ strongly', () => {
    const trueRates = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
    const { cells, parent } = level(trueRates, 2000, 5);
    const small: Tally = { n: 3, wins: 3, hours: 3 };
    const k = priorWeight([...cells, { tally: small, parentRate: parent, parentShare: 3 / 12_003 }]);
    expect(k).toBeLessThan(20);
    const shrunk = shrunkRate(small, parent, k).rate;
    // three wins out of three move the estimate at most 3 / (3 + 10) of the way to 100 %
    expect(shrunk - parent).toBeLessThanOrEqual((3 / (3 + PRIOR_WEIGHT.min)) * (1 - parent) + 1e-12);
    expect(shrunk).toBeLessThan(0.6);
  });

  it('counts overlapping trades as fewer: the same scatter over slower trades is trusted less', () => {
    const { cells } = level([0.25, 0.35, 0.25, 0.35, 0.25, 0.35], 600, 3);
    const slow = cells.map((c) => ({ ...c, tally: { ...c.tally, hours: c.tally.n * 12 } }));
    expect(priorWeight(slow)).toBeGreaterThan(priorWeight(cells));
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
      (rawR * effective) / (effective + estimate.cellPriorWeight),
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
