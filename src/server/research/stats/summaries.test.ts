import { describe, expect, it } from 'vitest';
import { fitLine, median } from './summaries';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median(new Float64Array([4, 1, 3, 2]))).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('fitLine', () => {
  it('fits y = 1 + 2x through exact points, and a hand case by least squares', () => {
    expect(fitLine([0, 1, 2], [1, 3, 5])).toEqual({ slope: 2, intercept: 1 });
    // x̄ = 1, ȳ = 4/3, Sxy = (−1)(−4/3) + (1)(2/3) = 2, Sxx = 2: slope 1, intercept 1/3.
    const line = fitLine([0, 1, 2], [0, 2, 2]);
    expect(line.slope).toBeCloseTo(1, 15);
    expect(line.intercept).toBeCloseTo(1 / 3, 15);
  });

  it('has no slope when x does not vary', () => {
    expect(fitLine([1, 1], [0, 2]).slope).toBeNaN();
  });
});
