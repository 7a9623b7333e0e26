import { describe, expect, it } from 'vitest';
import { normalCdf } from './normal';
import {
  annualizeSharpe,
  deflatedSharpe,
  expectedMaxSharpe,
  probabilisticSharpe,
  sharpeRatio,
} from './sharpe';

describe('sharpeRatio', () => {
  it('is the mean over the n − 1 standard deviation, per period', () => {
    // mean 0.0125, Σ(x − mean)² = 8.75e-4, sd = √(8.75e-4 / 3).
    const returns = new Float64Array([0.01, 0.02, -0.01, 0.03]);
    expect(sharpeRatio(returns)).toBeCloseTo(0.0125 / Math.sqrt(8.75e-4 / 3), 12);
  });

  it('is NaN for a series without spread or too short', () => {
    expect(sharpeRatio([0.01, 0.01, 0.01])).toBeNaN();
    expect(sharpeRatio([0.01])).toBeNaN();
  });

  it('annualises by √(periods per year)', () => {
    expect(annualizeSharpe(0.1, 252)).toBeCloseTo(0.1 * Math.sqrt(252), 14);
  });
});

describe('probabilisticSharpe', () => {
  it('is one half when the estimate equals the benchmark', () => {
    expect(probabilisticSharpe({ sr: 0.1, benchmark: 0.1, n: 250, skew: -1, kurtosis: 6 })).toBe(0.5);
  });

  it('reduces to Lo (2002)’s normal-returns standard error √((1 + SR²/2)/(n − 1)) for γ₃ = 0, γ₄ = 3', () => {
    const sr = 0.1;
    const expected = normalCdf(((sr - 0.05) * Math.sqrt(499)) / Math.sqrt(1 + (sr * sr) / 2));
    expect(probabilisticSharpe({ sr, benchmark: 0.05, n: 500, skew: 0, kurtosis: 3 })).toBeCloseTo(
      expected,
      15,
    );
    // scipy.stats.norm.cdf of the same expression.
    expect(expected).toBeCloseTo(0.8673890479170225, 12);
  });

  it('penalises negative skew and fat tails', () => {
    const base = { sr: 0.1, benchmark: 0, n: 500 };
    const normal = probabilisticSharpe({ ...base, skew: 0, kurtosis: 3 });
    expect(probabilisticSharpe({ ...base, skew: -2, kurtosis: 3 })).toBeLessThan(normal);
    expect(probabilisticSharpe({ ...base, skew: 0, kurtosis: 12 })).toBeLessThan(normal);
  });

  it('is NaN for moments that make the variance term non-positive, or too few observations', () => {
    expect(probabilisticSharpe({ sr: 1, benchmark: 0, n: 100, skew: 3, kurtosis: 1 })).toBeNaN();
    expect(probabilisticSharpe({ sr: 0.1, benchmark: 0, n: 1, skew: 0, kurtosis: 3 })).toBeNaN();
  });
});

describe('expectedMaxSharpe', () => {
  it('approximates the exact expected maximum of N standard normals', () => {
    // Exact E[max of N iid N(0,1)] (Harter 1961, Biometrika 48; recomputed by quadrature):
    // N = 10: 1.538753, N = 100: 2.507594, N = 1000: 3.241436. The approximation runs a little high.
    expect(expectedMaxSharpe({ trials: 10, variance: 1 }) / 1.538753 - 1).toBeLessThan(0.025);
    expect(expectedMaxSharpe({ trials: 100, variance: 1 }) / 2.507594 - 1).toBeLessThan(0.01);
    expect(expectedMaxSharpe({ trials: 1000, variance: 1 }) / 3.241436 - 1).toBeLessThan(0.005);
    expect(expectedMaxSharpe({ trials: 100, variance: 1 })).toBeCloseTo(2.5306028932016846, 12);
  });

  it('scales with the standard deviation of the trials and is 0 for a single trial', () => {
    expect(expectedMaxSharpe({ trials: 100, variance: 4 })).toBeCloseTo(
      2 * expectedMaxSharpe({ trials: 100, variance: 1 }),
      14,
    );
    expect(expectedMaxSharpe({ trials: 1, variance: 1 })).toBe(0);
    expect(expectedMaxSharpe({ trials: 1.01, variance: 1 })).toBe(0);
    expect(expectedMaxSharpe({ trials: 0, variance: 1 })).toBeNaN();
  });
});

describe('deflatedSharpe: the numerical example of Bailey & López de Prado (2014)', () => {
  // From the paper: annualised SR 2.5 over T = 1250 daily observations (5 years, 250 a year),
  // γ₃ = −3, γ₄ = 10, N = 100 independent trials whose annualised SRs have variance V = 1/2.
  // The paper works per period: SR = 2.5/√250 and V/250, and prints SR₀ ≈ 0.1132 and DSR ≈ 0.9004.
  const periodsPerYear = 250;
  const sr = 2.5 / Math.sqrt(periodsPerYear);
  const trialsVariance = 0.5 / periodsPerYear;

  it('reproduces the rejection threshold SR₀ ≈ 0.1132 per period', () => {
    const sr0 = expectedMaxSharpe({ trials: 100, variance: trialsVariance });
    expect(sr0).toBeCloseTo(0.1132, 4);
    // Annualised, the same threshold is ≈ 1.79 (derived here, not printed in the paper).
    expect(annualizeSharpe(sr0, periodsPerYear)).toBeCloseTo(1.7894, 4);
  });

  it('reproduces DSR ≈ 0.9004: not significant at 95 %', () => {
    const dsr = deflatedSharpe({ sr, n: 1250, skew: -3, kurtosis: 10, trials: 100, trialsVariance });
    expect(dsr).toBeCloseTo(0.9004, 4);
    expect(dsr).toBeLessThan(0.95);
  });

  it('equals the PSR against that threshold, and the PSR against zero for a single trial', () => {
    const moments = { n: 1250, skew: -3, kurtosis: 10 };
    const benchmark = expectedMaxSharpe({ trials: 100, variance: trialsVariance });
    expect(deflatedSharpe({ sr, ...moments, trials: 100, trialsVariance })).toBe(
      probabilisticSharpe({ sr, benchmark, ...moments }),
    );
    expect(deflatedSharpe({ sr, ...moments, trials: 1, trialsVariance })).toBe(
      probabilisticSharpe({ sr, benchmark: 0, ...moments }),
    );
  });

  it('falls as more trials are run', () => {
    const at = (trials: number) =>
      deflatedSharpe({ sr, n: 1250, skew: -3, kurtosis: 10, trials, trialsVariance });
    expect(at(10)).toBeGreaterThan(at(100));
    expect(at(100)).toBeGreaterThan(at(1000));
  });
});
