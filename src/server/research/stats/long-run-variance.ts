/**
 * Long-run (HAC) sums over an integer period index, with Bartlett weights (Newey & West 1987,
 * "A Simple, Positive Semi-Definite, Heteroskedasticity and Autocorrelation Consistent Covariance
 * Matrix", Econometrica 55(3)). Periods may be sparse: an empty period contributes nothing to the
 * sum, so only periods that hold values are stored.
 */
import type { Series } from './moments';

export interface PeriodSums {
  /** Distinct periods, ascending. */
  periods: Float64Array;
  sums: Float64Array;
}

/** Sums values that share a period (periods are integers, e.g. hour indices on the grid). */
export function sumByPeriod(values: Series, periods: ArrayLike<number>): PeriodSums {
  if (values.length !== periods.length) throw new RangeError('values and periods differ in length');
  const byPeriod = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const period = periods[i] ?? NaN;
    if (!Number.isInteger(period)) throw new RangeError(`period ${period} at ${i} is not an integer`);
    byPeriod.set(period, (byPeriod.get(period) ?? 0) + (values[i] ?? NaN));
  }
  const sorted = Float64Array.from(byPeriod.keys()).sort();
  return { periods: sorted, sums: Float64Array.from(sorted, (period) => byPeriod.get(period) ?? NaN) };
}

/**
 * Σ_p Σ_q w(|p − q|)·u_p·u_q with Bartlett weights w(k) = 1 − k/(L + 1) for k ≤ L and 0 beyond:
 * n times the Newey–West long-run variance when u is a centred series of n periods. Never negative
 * (the Bartlett kernel's point).
 */
export function sumBartlettCovariances(centred: PeriodSums, lags: number): number {
  if (!Number.isInteger(lags) || lags < 0) throw new RangeError(`lags must be a whole number, got ${lags}`);
  const { periods, sums } = centred;
  let total = 0;
  for (let i = 0; i < periods.length; i++) {
    const u = sums[i] ?? NaN;
    total += u * u;
    const period = periods[i] ?? NaN;
    for (let j = i - 1; j >= 0; j--) {
      const gap = period - (periods[j] ?? NaN);
      if (gap > lags) break;
      total += 2 * (1 - gap / (lags + 1)) * u * (sums[j] ?? NaN);
    }
  }
  return total;
}
