/**
 * The public figures on hand-made returns: the t-statistic, the equal-stake curve and its deepest
 * fall, the thinning of the chart's points, and the backtest comparison's interval and flag.
 */
import { describe, expect, it } from 'vitest';
import { compareWithBacktest } from './backtest-comparison';
import { canonicalJson } from './canonical-json';
import { equityCurve, figuresOf, meanAndT, thin, type SettledReturn } from './track-record-figures';

const settled = (returns: number[]): SettledReturn[] =>
  returns.map((r, i) => ({
    netReturnPercent: r,
    succeeded: r > 0,
    predictedSuccessRate: 55,
    settledAt: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
  }));

describe('the track record figures', () => {
  it('gives the mean over its standard error, and nothing where there is no spread', () => {
    // Mean 2, sample standard deviation 2 (returns 0, 2, 4), standard error 2 / √3.
    expect(meanAndT([0, 2, 4]).tStat).toBeCloseTo(Math.sqrt(3), 12);
    expect(meanAndT([1]).tStat).toBeNull();
    expect(meanAndT([1, 1, 1])).toMatchObject({ mean: 1, tStat: null });
    expect(meanAndT([])).toEqual({ mean: null, sd: null, tStat: null });
  });

  it('measures the deepest fall of the equal-stake sum from its running peak, the start included', () => {
    expect(equityCurve(settled([2, -3, 1, 4, -1])).maxDrawdownPercent).toBe(3);
    expect(equityCurve(settled([-1, -2, 5])).maxDrawdownPercent).toBe(3);
    expect(equityCurve(settled([1, 2])).maxDrawdownPercent).toBe(0);
    expect(equityCurve(settled([2, -3, 1])).points.map((p) => p.totalNetReturnPercent)).toEqual([2, -1, 0]);
  });

  it('counts pending and unscoreable offers without averaging them in', () => {
    expect(figuresOf({ offers: 6, pending: 2, unscoreable: 1, settled: settled([1, -1, 3]) })).toEqual({
      offers: 6,
      settled: 3,
      pending: 2,
      unscoreable: 1,
      succeeded: 2,
      hitRate: (100 * 2) / 3,
      meanNetReturnPercent: 1,
      tStat: 1 / (2 / Math.sqrt(3)),
      predictedSuccessRate: 55,
      totalNetReturnPercent: 3,
      maxDrawdownPercent: 1,
    });
    expect(figuresOf({ offers: 1, pending: 1, unscoreable: 0, settled: [] })).toMatchObject({
      hitRate: null,
      meanNetReturnPercent: null,
      predictedSuccessRate: null,
      totalNetReturnPercent: 0,
    });
  });

  it('thins the chart evenly to at most so many points, keeping the first and the last', () => {
    const points = Array.from({ length: 1001 }, (_, i) => i);
    const kept = thin(points, 500);
    expect(kept).toHaveLength(500);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(1000);
    expect(thin([1, 2, 3], 500)).toEqual([1, 2, 3]);
  });

  it('writes canonical JSON: sorted keys, no whitespace, undefined left out, non-finite refused', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x"y' }], e: undefined })).toBe(
      '{"a":[{"c":"x\\"y","d":null}],"b":1}',
    );
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/NaN/);
  });
});

describe('live against the backtest of the same period', () => {
  const DAY = 86_400_000;
  const nov = (d: number) => Date.UTC(2026, 10, d);
  const day = (d: number, trades: number, returns: number[]) => ({
    family: 'ts-trend',
    day: new Date(nov(d)).toISOString(),
    trades,
    wins: returns.filter((r) => r > 0).length,
    netSumPercent: returns.reduce((a, b) => a + b, 0),
    netSquaresPercent: returns.reduce((a, b) => a + b * b, 0),
  });
  // The backtest's trades on Nov 10-11: 1, 2, 3, 2 (mean 2, sample variance 2/3); Nov 9 is outside.
  const days = [day(9, 1, [50]), day(10, 2, [1, 2]), day(11, 2, [3, 2])];
  const halfWidth = (n: number) => (1.96 * Math.sqrt(2 / 3)) / Math.sqrt(n);

  it('flags a live mean outside the 95 % interval of a mean of as many backtest-like trades', () => {
    const live = [
      { decidedAt: nov(10) + 23 * 3_600_000, netReturnPercent: -1 },
      { decidedAt: nov(11) + 23 * 3_600_000, netReturnPercent: 0 },
    ];
    const compared = compareWithBacktest(live, days)!;
    expect(compared).toMatchObject({
      from: new Date(nov(10)).toISOString(),
      to: new Date(nov(12) - 1).toISOString(),
      trades: 4,
      hitRate: 100,
      meanNetReturnPercent: 2,
      outside: true,
    });
    expect(compared.interval!.low).toBeCloseTo(2 - halfWidth(2), 12);
    expect(compared.interval!.high).toBeCloseTo(2 + halfWidth(2), 12);
  });

  it('does not flag a live mean inside it, and has no interval without two backtest trades', () => {
    const inside = [
      { decidedAt: nov(10), netReturnPercent: 2.5 },
      { decidedAt: nov(11), netReturnPercent: 1.5 },
    ];
    expect(compareWithBacktest(inside, days)).toMatchObject({ outside: false, trades: 4 });
    // One day only: that day's two backtest trades (1 and 2).
    expect(compareWithBacktest(inside.slice(0, 1), days)).toMatchObject({
      trades: 2,
      meanNetReturnPercent: 1.5,
    });
    const quiet = [{ decidedAt: nov(20), netReturnPercent: 9 }];
    expect(compareWithBacktest(quiet, days)).toMatchObject({
      trades: 0,
      hitRate: null,
      meanNetReturnPercent: null,
      interval: null,
      outside: false,
    });
    expect(compareWithBacktest([], days)).toBeNull();
    expect(compareWithBacktest([{ decidedAt: nov(9) + DAY / 2, netReturnPercent: 1 }], days)).toMatchObject({
      trades: 1,
      interval: null,
    });
  });
});
