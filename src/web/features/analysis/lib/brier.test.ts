import { describe, expect, it } from 'vitest';
import { baseRatePercent, compareBrier } from './brier';

describe('compareBrier', () => {
  it('beats the base rate when its Brier score is lower, with the skill as a share of the baseline', () => {
    const better = compareBrier(0.2, 0.25)!;
    expect(better.beats).toBe(true);
    expect(better.skillPercent).toBeCloseTo(20, 10);
  });

  it('does not beat it when equal or higher (negative skill)', () => {
    expect(compareBrier(0.25, 0.25)).toEqual({ beats: false, skillPercent: 0 });
    const worse = compareBrier(1.94 / 7, 12 / 49)!;
    expect(worse.beats).toBe(false);
    expect(worse.skillPercent).toBeCloseTo(-13.17, 2);
  });

  it('has no skill against a zero baseline and no comparison without data', () => {
    expect(compareBrier(0.1, 0)).toEqual({ beats: false, skillPercent: null });
    expect(compareBrier(null, 0.25)).toBeNull();
    expect(compareBrier(0.2, null)).toBeNull();
  });
});

describe('baseRatePercent', () => {
  it('is the share of all scored offers that succeeded', () => {
    expect(
      baseRatePercent([
        { succeeded: 3, sampleSize: 5 },
        { succeeded: 1, sampleSize: 2 },
      ]),
    ).toBeCloseTo(400 / 7, 10);
    expect(baseRatePercent([{ succeeded: 0, sampleSize: 0 }])).toBeNull();
    expect(baseRatePercent([])).toBeNull();
  });
});
