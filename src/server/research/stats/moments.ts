/**
 * Sample moments of a series. Two passes (mean first, then centred sums) so that a series with a
 * large mean and a small spread keeps its precision. Undefined statistics are NaN, so that any
 * threshold a gate compares them with fails closed.
 */

export type Series = ArrayLike<number>;

export function mean(values: Series): number {
  const n = values.length;
  if (n === 0) return NaN;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] ?? NaN;
  return sum / n;
}

/** Sums of the 2nd, 3rd and 4th powers of the deviations from the mean. */
function sumCentredPowers(values: Series): { m: number; s2: number; s3: number; s4: number } {
  const m = mean(values);
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  for (let i = 0; i < values.length; i++) {
    const d = (values[i] ?? NaN) - m;
    const d2 = d * d;
    s2 += d2;
    s3 += d2 * d;
    s4 += d2 * d2;
  }
  return { m, s2, s3, s4 };
}

/** Unbiased sample variance (divisor n − 1). */
export function sampleVariance(values: Series): number {
  if (values.length < 2) return NaN;
  return sumCentredPowers(values).s2 / (values.length - 1);
}

export function sampleStandardDeviation(values: Series): number {
  return Math.sqrt(sampleVariance(values));
}

/**
 * Skewness γ₃ = m₃ / m₂^(3/2) with population moments mᵢ (divisor n), the moment estimator the
 * PSR/DSR papers use (Bailey & López de Prado 2012, 2014). Population skewness of a normal is 0.
 */
export function skewness(values: Series): number {
  const n = values.length;
  if (n < 3) return NaN;
  const { s2, s3 } = sumCentredPowers(values);
  if (!(s2 > 0)) return NaN;
  return s3 / n / Math.pow(s2 / n, 1.5);
}

/** Kurtosis γ₄ = m₄ / m₂² (non-excess: a normal has 3), population moments as in `skewness`. */
export function kurtosis(values: Series): number {
  const n = values.length;
  if (n < 4) return NaN;
  const { s2, s4 } = sumCentredPowers(values);
  if (!(s2 > 0)) return NaN;
  return s4 / n / Math.pow(s2 / n, 2);
}
