import { describe, expect, it } from 'vitest';
import { quintileSpread } from './quintile-spread';
import { createNormalSource } from './testing/normal-noise';

describe('quintileSpread', () => {
  // Scores 1…10; fifths of 2. Bottom (scores 1, 2) realise 1 and 3; top (9, 10) realise 4 and 8.
  const predicted = [3, 1, 4, 10, 5, 9, 2, 6, 8, 7];
  const realised = [0, 1, 0, 8, 0, 4, 3, 0, 0, 0];

  it('works a hand case with Welch’s t', () => {
    const result = quintileSpread({ predicted, realised });
    expect(result.groupSize).toBe(2);
    expect(result.topMean).toBe(6);
    expect(result.bottomMean).toBe(2);
    expect(result.spread).toBe(4);
    // s²_top = 8, s²_bottom = 2: se = √(8/2 + 2/2) = √5; df = 25/(16 + 1) = 25/17.
    expect(result.standardError).toBeCloseTo(Math.sqrt(5), 14);
    expect(result.t).toBeCloseTo(4 / Math.sqrt(5), 14);
    expect(result.degreesOfFreedom).toBeCloseTo(25 / 17, 14);
  });

  it('with one observation per period and no lags, the HAC t is Welch’s t times √(k/(k − 1))', () => {
    const periods = predicted.map((_, i) => i);
    const result = quintileSpread({ predicted, realised, overlap: { periods, lags: 0 } });
    expect(result.spread).toBe(4);
    expect(result.t).toBeCloseTo((4 / Math.sqrt(5)) * Math.SQRT2, 14);
  });

  it('splits tied scores by input order, and gives NaN rather than infinity without spread', () => {
    const result = quintileSpread({
      predicted: new Array<number>(10).fill(1),
      realised: [5, 5, 0, 0, 0, 0, 0, 0, 7, 7],
    });
    expect(result.bottomMean).toBe(5);
    expect(result.topMean).toBe(7);
    expect(result.t).toBeNaN();
  });

  it('holds its size when scores move with the regime and outcomes overlap, where Welch’s does not', () => {
    // No skill: 5 signals a period share a regime score and 4-period overlapping market returns.
    // Welch rejects about 35 % of the time at 5 %; the HAC t with 8 lags about 9 %.
    const reps = 400;
    let welch = 0;
    let hac = 0;
    for (let rep = 0; rep < reps; rep++) {
      const normal = createNormalSource(50_000 + rep);
      const market = Float64Array.from({ length: 105 }, () => normal());
      const scores: number[] = [];
      const outcomes: number[] = [];
      const periods: number[] = [];
      for (let p = 0; p < 100; p++) {
        const regime = normal();
        for (let j = 0; j < 5; j++) {
          let value = 0.5 * normal();
          for (let s = p + 1; s <= p + 4; s++) value += market[s] ?? NaN;
          scores.push(regime + 0.2 * normal());
          outcomes.push(value);
          periods.push(p);
        }
      }
      if (Math.abs(quintileSpread({ predicted: scores, realised: outcomes }).t) > 1.96) welch++;
      const overlap = { periods, lags: 8 };
      if (Math.abs(quintileSpread({ predicted: scores, realised: outcomes, overlap }).t) > 1.96) hac++;
    }
    expect(welch / reps).toBeGreaterThan(0.2);
    expect(hac / reps).toBeLessThan(0.13);
  });

  it('needs at least two observations in each fifth', () => {
    expect(() =>
      quintileSpread({ predicted: [1, 2, 3, 4, 5, 6, 7, 8, 9], realised: new Array<number>(9).fill(0) }),
    ).toThrow(RangeError);
  });
});
