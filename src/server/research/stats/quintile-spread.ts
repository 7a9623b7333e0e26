/**
 * Does a score rank outcomes? The realised mean of the top fifth by score minus the bottom fifth,
 * with its t-statistic.
 */
import { sumBartlettCovariances, sumByPeriod } from './long-run-variance';
import { mean, sampleVariance, type Series } from './moments';

export interface QuintileSpreadInput {
  predicted: Series;
  realised: Series;
  /**
   * When observations overlap in time (trades held over the same hours), each one's integer period
   * and the Bartlett lags, at least the longest holding period: the t then comes from the
   * time-clustered HAC variance instead of Welch's, which assumes independent observations.
   */
  overlap?: { periods: ArrayLike<number>; lags: number };
}

export interface QuintileSpread {
  spread: number;
  topMean: number;
  bottomMean: number;
  /** Observations in each fifth: ⌊n/5⌋. */
  groupSize: number;
  standardError: number;
  t: number;
  /** Welch–Satterthwaite degrees of freedom; NaN for the HAC t (use the normal). */
  degreesOfFreedom: number;
}

/** NaN rather than ±Infinity when there is no spread to divide by: a gate must not pass on it. */
function divide(spread: number, standardError: number): number {
  return standardError > 0 ? spread / standardError : NaN;
}

/** Indices by score, ascending; ties keep input order, so equal scores split deterministically. */
function rankByScore(predicted: Series): Int32Array {
  const order = Int32Array.from({ length: predicted.length }, (_, i) => i);
  return order.sort((a, b) => (predicted[a] ?? NaN) - (predicted[b] ?? NaN) || a - b);
}

/**
 * Welch (1947, Biometrika 34) t = (m_top − m_bottom)/√(s²_top/k + s²_bottom/k). With `overlap`,
 * the spread is Σ wᵢ·rᵢ (wᵢ = +1/k top, −1/k bottom), and its variance the Bartlett-weighted sum over
 * periods of Σ wᵢ·(rᵢ − its group mean), as in `tradeMeanTStat` (Driscoll & Kraay 1998).
 */
export function quintileSpread(input: QuintileSpreadInput): QuintileSpread {
  const { predicted, realised, overlap } = input;
  const n = predicted.length;
  if (realised.length !== n) throw new RangeError('predicted and realised differ in length');
  if (overlap && overlap.periods.length !== n) throw new RangeError('periods and realised differ in length');
  const k = Math.floor(n / 5);
  if (k < 2) throw new RangeError(`a quintile spread needs at least 10 observations, got ${n}`);
  const order = rankByScore(predicted);
  const bottom = Array.from(order.subarray(0, k));
  const top = Array.from(order.subarray(n - k));
  const topValues = top.map((i) => realised[i] ?? NaN);
  const bottomValues = bottom.map((i) => realised[i] ?? NaN);
  const topMean = mean(topValues);
  const bottomMean = mean(bottomValues);
  const spread = topMean - bottomMean;
  const result = (standardError: number, degreesOfFreedom: number): QuintileSpread => ({
    spread,
    topMean,
    bottomMean,
    groupSize: k,
    standardError,
    t: divide(spread, standardError),
    degreesOfFreedom,
  });
  if (!overlap) {
    const a = sampleVariance(topValues) / k;
    const b = sampleVariance(bottomValues) / k;
    return result(Math.sqrt(a + b), ((a + b) * (a + b)) / ((a * a + b * b) / (k - 1)));
  }
  const members = [...top, ...bottom];
  const deviations = [
    ...topValues.map((r) => (r - topMean) / k),
    ...bottomValues.map((r) => -(r - bottomMean) / k),
  ];
  const periods = members.map((i) => overlap.periods[i] ?? NaN);
  return result(Math.sqrt(sumBartlettCovariances(sumByPeriod(deviations, periods), overlap.lags)), NaN);
}
