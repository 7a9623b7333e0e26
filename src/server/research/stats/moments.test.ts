import { describe, expect, it } from 'vitest';
import { kurtosis, mean, sampleStandardDeviation, sampleVariance, skewness } from './moments';

describe('sample moments', () => {
  it('mean and the n − 1 variance of a hand case', () => {
    const values = new Float64Array([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(mean(values)).toBe(5);
    // Σ(x − 5)² = 32, over n − 1 = 7.
    expect(sampleVariance(values)).toBeCloseTo(32 / 7, 14);
    expect(sampleStandardDeviation(values)).toBeCloseTo(Math.sqrt(32 / 7), 14);
  });

  it('skewness and kurtosis of a Bernoulli(1/4) sample equal its textbook moments', () => {
    // Bernoulli(p): skewness (1 − 2p)/√(p(1 − p)) = 2/√3, kurtosis 3 + (1 − 6p(1 − p))/(p(1 − p)) = 7/3.
    const values = [0, 0, 0, 1, 0, 1, 0, 0];
    expect(skewness(values)).toBeCloseTo(2 / Math.sqrt(3), 14);
    expect(kurtosis(values)).toBeCloseTo(7 / 3, 14);
  });

  it('kurtosis of 1…5 is the discrete uniform value 1.7 and its skewness is 0', () => {
    expect(kurtosis([1, 2, 3, 4, 5])).toBeCloseTo(1.7, 14);
    expect(skewness([1, 2, 3, 4, 5])).toBeCloseTo(0, 14);
  });

  it('keeps precision when the mean dwarfs the spread', () => {
    const values = [1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4];
    expect(sampleVariance(values)).toBeCloseTo(5 / 3, 6);
  });

  it('is NaN where a moment is undefined', () => {
    expect(mean([])).toBeNaN();
    expect(sampleVariance([1])).toBeNaN();
    expect(skewness([1, 1, 1, 1])).toBeNaN();
    expect(kurtosis([1, 2, 3])).toBeNaN();
  });
});
