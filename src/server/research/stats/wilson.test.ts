import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson';

describe('wilsonInterval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
  // Medicine 17:857–872, Table II, method 3 (score interval without continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [29, 29, 0.883, 1],
  ])('%i of %i gives %d to %d as in Newcombe (1998)', (successes, trials, low, high) => {
    const interval = wilsonInterval({ successes, trials });
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('widens with the confidence level and is NaN without trials', () => {
    const at95 = wilsonInterval({ successes: 30, trials: 100 });
    const at99 = wilsonInterval({ successes: 30, trials: 100, confidence: 0.99 });
    expect(at99.low).toBeLessThan(at95.low);
    expect(at99.high).toBeGreaterThan(at95.high);
    expect(wilsonInterval({ successes: 0, trials: 0 }).low).toBeNaN();
  });
});
