import { describe, expect, it } from 'vitest';
import { computeMarketSeries } from './market-series';
import { computeSetupStates } from './setup-states';
import { estimateSuccess, shrunkRate } from './success-rate';
import { syntheticCandles } from './synthetic-candles';

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
  });
});
