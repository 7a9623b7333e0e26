import { describe, expect, it } from 'vitest';
import { brierScore, brierSkill, calibrationMae, reliabilityTable } from './forecast-quality';
import { wilsonInterval } from './wilson';

describe('brierScore and brierSkill', () => {
  const predicted = [0.9, 0.2, 0.6, 0.5];
  const outcome = [1, 0, 0, 1];

  it('works a hand case', () => {
    // (0.1² + 0.2² + 0.6² + 0.5²)/4 = 0.66/4.
    expect(brierScore(predicted, outcome)).toBeCloseTo(0.165, 15);
    // Base rate ½, so the base Brier score is ¼: skill = 1 − 0.165/0.25.
    expect(brierSkill(predicted, outcome)).toBeCloseTo(0.34, 14);
  });

  it('gives the base rate itself no skill, a perfect forecast skill 1, and a worse one negative skill', () => {
    const outcomes = [1, 0, 0, 1, 0];
    expect(brierSkill([0.4, 0.4, 0.4, 0.4, 0.4], outcomes)).toBeCloseTo(0, 15);
    expect(brierSkill(outcomes, outcomes)).toBe(1);
    expect(brierSkill([0.1, 0.9, 0.9, 0.1, 0.9], outcomes)).toBeLessThan(0);
  });

  it('has no skill to measure when every outcome is the same', () => {
    expect(brierSkill([0.2, 0.7], [1, 1])).toBeNaN();
  });

  it('rejects non-probabilities, non-binary outcomes and mismatched lengths', () => {
    expect(() => brierScore([1.2], [1])).toThrow(RangeError);
    expect(() => brierScore([0.5], [0.5])).toThrow(RangeError);
    expect(() => brierScore([0.5, 0.5], [1])).toThrow(RangeError);
    expect(() => brierScore([], [])).toThrow(RangeError);
  });
});

describe('reliabilityTable and calibrationMae', () => {
  const predicted = [0.1, 0.2, 0.3, 0.7, 0.8, 0.9, 1, 0.5];
  const outcome = [0, 0, 1, 1, 1, 0, 1, 1];

  it('bins forecasts on [0, ½) and [½, 1] with means, rates and Wilson intervals', () => {
    const table = reliabilityTable(predicted, outcome, 2);
    expect(table).toHaveLength(2);
    const [low, high] = table;
    expect(low).toMatchObject({ lower: 0, upper: 0.5, count: 3 });
    expect(low?.meanPredicted).toBeCloseTo(0.2, 15);
    expect(low?.observedRate).toBeCloseTo(1 / 3, 15);
    expect(low?.low).toBe(wilsonInterval({ successes: 1, trials: 3 }).low);
    // 0.5 opens the upper bin and 1 closes it.
    expect(high).toMatchObject({ lower: 0.5, upper: 1, count: 5, observedRate: 0.8 });
    expect(high?.meanPredicted).toBeCloseTo(0.78, 15);
    expect(high?.high).toBe(wilsonInterval({ successes: 4, trials: 5 }).high);
  });

  it('leaves empty bins empty', () => {
    const table = reliabilityTable([0.05, 0.95], [0, 1], 10);
    expect(table.map((bin) => bin.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(table[4]?.meanPredicted).toBeNaN();
  });

  it('weights each bin’s calibration gap by its count', () => {
    // (3·|0.2 − 1/3| + 5·|0.78 − 0.8|)/8 = (0.4 + 0.1)/8.
    expect(calibrationMae(predicted, outcome, 2)).toBeCloseTo(0.0625, 14);
    expect(calibrationMae([0.25, 0.25, 0.25, 0.25], [0, 1, 0, 0], 4)).toBe(0);
  });
});
