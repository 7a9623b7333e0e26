import { describe, expect, it } from 'vitest';
import { sumBartlettCovariances, sumByPeriod } from './long-run-variance';

describe('sumByPeriod', () => {
  it('adds values that share a period and orders periods', () => {
    const result = sumByPeriod([1, 2, 3, 4], [7, 3, 7, 5]);
    expect(Array.from(result.periods)).toEqual([3, 5, 7]);
    expect(Array.from(result.sums)).toEqual([2, 4, 4]);
  });

  it('rejects non-integer periods and mismatched lengths', () => {
    expect(() => sumByPeriod([1], [0.5])).toThrow(RangeError);
    expect(() => sumByPeriod([1, 2], [0])).toThrow(RangeError);
  });
});

describe('sumBartlettCovariances', () => {
  it('works a hand case with a gap', () => {
    // u = 1 at period 0, 2 at period 1, −1 at period 3; L = 2, w(1) = 2/3, w(2) = 1/3, w(3) = 0.
    // Σu² = 6; 2·w(1)·(1·2) = 8/3; 2·w(2)·(2·−1) = −4/3; periods 0 and 3 are too far apart.
    const sums = { periods: new Float64Array([0, 1, 3]), sums: new Float64Array([1, 2, -1]) };
    expect(sumBartlettCovariances(sums, 2)).toBeCloseTo(6 + 8 / 3 - 4 / 3, 14);
  });

  it('treats missing periods as zeros', () => {
    const sparse = { periods: new Float64Array([0, 4]), sums: new Float64Array([1, 1]) };
    const dense = { periods: new Float64Array([0, 1, 2, 3, 4]), sums: new Float64Array([1, 0, 0, 0, 1]) };
    expect(sumBartlettCovariances(sparse, 5)).toBeCloseTo(sumBartlettCovariances(dense, 5), 15);
    expect(sumBartlettCovariances(sparse, 5)).toBeCloseTo(2 + 2 * (1 - 4 / 6), 15);
  });

  it('never goes negative, even for a perfectly alternating series', () => {
    const alternating = Float64Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 1 : -1));
    const periods = Float64Array.from({ length: 50 }, (_, i) => i);
    for (let lags = 0; lags < 20; lags++) {
      expect(sumBartlettCovariances({ periods, sums: alternating }, lags)).toBeGreaterThanOrEqual(0);
    }
    expect(() => sumBartlettCovariances({ periods, sums: alternating }, -1)).toThrow(RangeError);
  });
});
