import { describe, expect, it } from 'vitest';
import { mean, sampleStandardDeviation } from './moments';
import { neweyWestTStat, tradeMeanTStat } from './overlap-t';
import { createNormalSource, drawNormals } from './testing/normal-noise';

function computeIidT(values: ArrayLike<number>): number {
  return mean(values) / (sampleStandardDeviation(values) / Math.sqrt(values.length));
}

interface OverlappingTrades {
  returns: number[];
  entryPeriods: number[];
  exitPeriods: number[];
}

/**
 * `perPeriod` trades enter every period and are each held `hold` periods over the same market noise
 * (plus a little of their own): neighbouring trades share most of their returns. True mean 0.
 */
function drawOverlappingTrades(seed: number, shape: { periods: number; perPeriod: number; hold: number }) {
  const normal = createNormalSource(seed);
  const market = drawNormals(normal, { length: shape.periods + shape.hold + 1 });
  const trades: OverlappingTrades = { returns: [], entryPeriods: [], exitPeriods: [] };
  for (let p = 0; p < shape.periods; p++) {
    for (let k = 0; k < shape.perPeriod; k++) {
      let value = 0.3 * normal();
      for (let s = p + 1; s <= p + shape.hold; s++) value += market[s] ?? NaN;
      trades.returns.push(value);
      trades.entryPeriods.push(p);
      trades.exitPeriods.push(p + shape.hold);
    }
  }
  return trades;
}

describe('neweyWestTStat', () => {
  it('works a hand case: 1, 2, 3, 4 with one lag', () => {
    // Deviations ±1.5, ±0.5: Σd² = 5, lag-1 products sum to 1.25 with weight ½,
    // so nΩ̂ = 5 + 2·½·1.25 = 6.25, se = √(6.25)/4 = 0.625 and t = 2.5/0.625 = 4.
    const result = neweyWestTStat([1, 2, 3, 4], 1);
    expect(result.mean).toBe(2.5);
    expect(result.standardError).toBeCloseTo(0.625, 15);
    expect(result.t).toBeCloseTo(4, 14);
  });

  it('with no lags is the iid t with divisor n: t·√((n − 1)/n)', () => {
    const values = drawNormals(createNormalSource(1), { length: 50, mean: 0.3 });
    expect(neweyWestTStat(values, 0).t).toBeCloseTo(computeIidT(values) * Math.sqrt(50 / 49), 12);
  });

  it('stays close to the iid t on iid data, and both reject a true null about 5 % of the time', () => {
    let hacRejections = 0;
    let iidRejections = 0;
    for (let rep = 0; rep < 300; rep++) {
      const values = drawNormals(createNormalSource(100 + rep), { length: 2000 });
      const hac = neweyWestTStat(values, 10).t;
      const iid = computeIidT(values);
      expect(Math.abs(hac - iid)).toBeLessThan(0.25);
      if (Math.abs(hac) > 1.96) hacRejections++;
      if (Math.abs(iid) > 1.96) iidRejections++;
    }
    expect(hacRejections / 300).toBeGreaterThan(0.02);
    expect(hacRejections / 300).toBeLessThan(0.09);
    expect(Math.abs(hacRejections - iidRejections)).toBeLessThanOrEqual(6);
  });
});

describe('tradeMeanTStat', () => {
  it('is the Newey–West t of the per-period sums when every period holds the same number of trades', () => {
    const trades = drawOverlappingTrades(2, { periods: 300, perPeriod: 3, hold: 5 });
    const sums = Float64Array.from({ length: 300 }, (_, p) =>
      trades.returns.slice(3 * p, 3 * p + 3).reduce((a, b) => a + b, 0),
    );
    const result = tradeMeanTStat({ ...trades, lags: 10 });
    expect(result.t).toBeCloseTo(neweyWestTStat(sums, 10).t, 12);
    expect(result.mean).toBeCloseTo(mean(trades.returns), 15);
  });

  it('does not grow when each trade is copied: copies are one cluster, unlike the naive t', () => {
    const trades = drawOverlappingTrades(3, { periods: 200, perPeriod: 1, hold: 4 });
    const copied = {
      returns: trades.returns.flatMap((r) => [r, r, r, r]),
      entryPeriods: trades.entryPeriods.flatMap((p) => [p, p, p, p]),
      exitPeriods: trades.exitPeriods.flatMap((p) => [p, p, p, p]),
    };
    expect(tradeMeanTStat(copied).t).toBeCloseTo(tradeMeanTStat(trades).t, 12);
    // The naive t treats the copies as new evidence: ×2·√((4n − 1)/(4(n − 1))) for n = 200.
    expect(computeIidT(copied.returns) / computeIidT(trades.returns)).toBeCloseTo(
      2 * Math.sqrt(799 / 796),
      12,
    );
  });

  it('holds its size on heavily overlapping trades where the naive per-trade t does not', () => {
    // Under the null, 3 trades a period each held 5 periods over shared noise: the naive t rejects
    // about 58 % of the time at the 5 % level; the HAC t (default 10 lags) about 7 % (5 % + Bartlett bias).
    const reps = 500;
    let naive = 0;
    let hac = 0;
    for (let rep = 0; rep < reps; rep++) {
      const trades = drawOverlappingTrades(10_000 + rep, { periods: 400, perPeriod: 3, hold: 5 });
      if (Math.abs(computeIidT(trades.returns)) > 1.96) naive++;
      if (Math.abs(tradeMeanTStat(trades).t) > 1.96) hac++;
    }
    expect(naive / reps).toBeGreaterThan(0.4);
    expect(hac / reps).toBeGreaterThan(0.02);
    expect(hac / reps).toBeLessThan(0.11);
  });

  it('defaults to twice the longest holding period and refuses fewer lags than the longest hold', () => {
    const trades = { returns: [0.1, -0.2, 0.3], entryPeriods: [0, 2, 3], exitPeriods: [4, 9, 5] };
    expect(tradeMeanTStat(trades).lags).toBe(14);
    expect(() => tradeMeanTStat({ ...trades, lags: 6 })).toThrow(RangeError);
    expect(() => tradeMeanTStat({ ...trades, exitPeriods: [4, 1, 5] })).toThrow(RangeError);
  });
});
