/**
 * Sharpe ratios and their selection-aware tests. Every Sharpe ratio here is per period (not
 * annualised) unless a name says otherwise: the PSR and DSR formulas are stated per observation,
 * and feeding them an annualised figure overstates their confidence by √(periods per year).
 */
import { mean, sampleStandardDeviation, type Series } from './moments';
import { normalCdf, normalQuantile } from './normal';

export { kurtosis, skewness } from './moments';

const EULER_MASCHERONI = 0.5772156649015329;

/** SR = mean / sample standard deviation, per period (Sharpe 1994, zero benchmark). */
export function sharpeRatio(returns: Series): number {
  const sd = sampleStandardDeviation(returns);
  if (!(sd > 0)) return NaN;
  return mean(returns) / sd;
}

/** SR·√q for q periods a year: exact only for iid returns (Lo 2002), the convention the papers use. */
export function annualizeSharpe(sr: number, periodsPerYear: number): number {
  return sr * Math.sqrt(periodsPerYear);
}

export interface ProbabilisticSharpeInput {
  /** Observed per-period Sharpe ratio. */
  sr: number;
  /** Per-period Sharpe ratio to beat (SR*). */
  benchmark: number;
  /** Number of return observations the SR was estimated from. */
  n: number;
  skew: number;
  /** Non-excess kurtosis (3 for a normal). */
  kurtosis: number;
}

/**
 * PSR(SR*) = Φ[(SR − SR*)·√(n − 1) / √(1 − γ₃·SR + (γ₄ − 1)/4·SR²)]
 * (Bailey & López de Prado 2012, "The Sharpe Ratio Efficient Frontier", Journal of Risk 15(2)).
 * NaN when the variance term is not positive (moments that no distribution can have with this SR).
 */
export function probabilisticSharpe(input: ProbabilisticSharpeInput): number {
  const { sr, benchmark, n, skew, kurtosis } = input;
  if (!(n > 1)) return NaN;
  const varianceTerm = 1 - skew * sr + ((kurtosis - 1) / 4) * sr * sr;
  if (!(varianceTerm > 0)) return NaN;
  return normalCdf(((sr - benchmark) * Math.sqrt(n - 1)) / Math.sqrt(varianceTerm));
}

export interface ExpectedMaxSharpeInput {
  /** Number of independent trials N (may be an effective, non-integer count ≥ 1). */
  trials: number;
  /** Variance of the trials' Sharpe ratios, in the units the result is wanted in. */
  variance: number;
}

/**
 * E[max SR] ≈ √V·((1 − γ)·Φ⁻¹(1 − 1/N) + γ·Φ⁻¹(1 − 1/(N·e))), γ the Euler–Mascheroni constant
 * (Bailey & López de Prado 2014, "The Deflated Sharpe Ratio", J. Portfolio Management 40(5), with E[SR] = 0).
 * The approximation is meant for N ≫ 1; for N near 1 it dips below zero, which no maximum of
 * zero-mean draws can do, so it is floored at 0 (exact for N = 1).
 */
export function expectedMaxSharpe(input: ExpectedMaxSharpeInput): number {
  const { trials, variance } = input;
  if (!(trials >= 1) || !(variance >= 0)) return NaN;
  if (trials === 1) return 0;
  const value =
    Math.sqrt(variance) *
    ((1 - EULER_MASCHERONI) * normalQuantile(1 - 1 / trials) +
      EULER_MASCHERONI * normalQuantile(1 - 1 / (trials * Math.E)));
  return Math.max(0, value);
}

export interface DeflatedSharpeInput {
  /** Per-period Sharpe ratio of the selected trial. */
  sr: number;
  n: number;
  skew: number;
  /** Non-excess kurtosis. */
  kurtosis: number;
  trials: number;
  /** Variance of the per-period Sharpe ratios across all trials. */
  trialsVariance: number;
}

/** DSR = PSR(SR*) with SR* = E[max SR] over the trials (Bailey & López de Prado 2014). */
export function deflatedSharpe(input: DeflatedSharpeInput): number {
  const benchmark = expectedMaxSharpe({ trials: input.trials, variance: input.trialsVariance });
  return probabilisticSharpe({
    sr: input.sr,
    benchmark,
    n: input.n,
    skew: input.skew,
    kurtosis: input.kurtosis,
  });
}
