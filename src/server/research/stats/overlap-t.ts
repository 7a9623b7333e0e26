/**
 * t-statistics of a mean when observations overlap in time, so that the iid standard error
 * (sd/√n) is too small and the t too large.
 */
import { mean, type Series } from './moments';
import { sumBartlettCovariances, sumByPeriod } from './long-run-variance';

export interface MeanTest {
  mean: number;
  standardError: number;
  t: number;
}

function createMeanTest(value: number, variance: number): MeanTest {
  const standardError = Math.sqrt(variance);
  return { mean: value, standardError, t: standardError > 0 ? value / standardError : NaN };
}

/**
 * t = x̄ / √(Ω̂/n), Ω̂ = γ̂₀ + 2·Σₖ₌₁..L (1 − k/(L + 1))·γ̂ₖ with γ̂ₖ = (1/n)·Σ (xₜ − x̄)(xₜ₋ₖ − x̄)
 * (Newey & West 1987). With L = 0 it is the iid t with the divisor n instead of n − 1.
 */
export function neweyWestTStat(series: Series, lags: number): MeanTest {
  const n = series.length;
  if (n < 2) return { mean: NaN, standardError: NaN, t: NaN };
  const m = mean(series);
  const centred = Float64Array.from({ length: n }, (_, t) => (series[t] ?? NaN) - m);
  const periods = Float64Array.from({ length: n }, (_, t) => t);
  return createMeanTest(m, sumBartlettCovariances({ periods, sums: centred }, lags) / (n * n));
}

export interface TradeMeanInput {
  /** Net return of each trade. */
  returns: Series;
  /** Integer period (e.g. grid hour) at which each trade entered. */
  entryPeriods: ArrayLike<number>;
  /** Integer period at which each trade exited. */
  exitPeriods: ArrayLike<number>;
  /** Bartlett lags; at least the longest holding period. Default twice the longest holding period. */
  lags?: number;
}

/**
 * t of the mean net return per trade when trades overlap in time: the HAC t of the per-period sum
 * series, with time clusters (Driscoll & Kraay 1998, Review of Economics and Statistics 80(4)).
 *
 * Why it is the per-trade t: r̄ − μ = (1/n)·Σ_p u_p with u_p = Σ over trades entered in period p of
 * (rᵢ − r̄). Trades entered in the same period are summed inside u_p, so any dependence among them
 * is kept whole (clustering by period); two trades whose holdings [entry, exit] overlap entered at
 * most H periods apart (H the longest holding period), so with L ≥ H lags their covariance enters
 * the weighted cross terms. Var(r̄) = Σ_p Σ_q w(|p − q|)·u_p·u_q / n². This is the Newey–West t of the
 * series S_p = Σ rᵢ with each period centred at n_p·r̄ rather than at S̄; the two are identical when
 * every period holds the same number of trades, and periods without trades change nothing.
 *
 * Bartlett weights shrink the covariances they keep, so for h-period overlapping sums with L = h
 * the variance is understated by about a third (t ×1.2); L = 2h cuts that to about a sixth (t ×1.1),
 * hence the default.
 */
export function tradeMeanTStat(input: TradeMeanInput): MeanTest & { lags: number; trades: number } {
  const { returns, entryPeriods, exitPeriods } = input;
  const n = returns.length;
  if (entryPeriods.length !== n || exitPeriods.length !== n) {
    throw new RangeError('returns, entryPeriods and exitPeriods differ in length');
  }
  let longestHold = 0;
  for (let i = 0; i < n; i++) {
    const hold = (exitPeriods[i] ?? NaN) - (entryPeriods[i] ?? NaN);
    if (!(hold >= 0)) throw new RangeError(`trade ${i} exits before it enters`);
    longestHold = Math.max(longestHold, hold);
  }
  const lags = input.lags ?? 2 * longestHold;
  if (lags < longestHold) {
    throw new RangeError(`lags ${lags} is below the longest holding period ${longestHold}`);
  }
  if (n < 2) return { mean: NaN, standardError: NaN, t: NaN, lags, trades: n };
  const m = mean(returns);
  const deviations = Float64Array.from({ length: n }, (_, i) => (returns[i] ?? NaN) - m);
  const variance = sumBartlettCovariances(sumByPeriod(deviations, entryPeriods), lags) / (n * n);
  return { ...createMeanTest(m, variance), lags, trades: n };
}
