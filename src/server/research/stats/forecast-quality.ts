/**
 * Quality of probability forecasts of a binary outcome (e.g. "this signal's trade ends in profit"):
 * accuracy (Brier), skill over the base rate, and calibration by bins of the forecast.
 */
import { wilsonInterval } from './wilson';
import type { Series } from './moments';

function validate(predicted: Series, outcome: Series): number {
  const n = predicted.length;
  if (outcome.length !== n) throw new RangeError('predicted and outcome differ in length');
  if (n === 0) throw new RangeError('no forecasts');
  for (let i = 0; i < n; i++) {
    const p = predicted[i] ?? NaN;
    if (!(p >= 0 && p <= 1)) throw new RangeError(`forecast ${i} is ${p}, not a probability`);
    const o = outcome[i];
    if (o !== 0 && o !== 1) throw new RangeError(`outcome ${i} is ${o}, not 0 or 1`);
  }
  return n;
}

/** BS = (1/n)·Σ (pᵢ − oᵢ)² (Brier 1950, Monthly Weather Review 78(1)). 0 is perfect. */
export function brierScore(predicted: Series, outcome: Series): number {
  const n = validate(predicted, outcome);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += ((predicted[i] ?? NaN) - (outcome[i] ?? NaN)) ** 2;
  return sum / n;
}

/**
 * BSS = 1 − BS / BS_base, the base forecast being the observed rate ō for every case, so that
 * BS_base = ō(1 − ō) (Wilks, Statistical Methods in the Atmospheric Sciences, §8.4). Positive is
 * skill over the base rate; NaN when every outcome is the same (no base rate to beat).
 */
export function brierSkill(predicted: Series, outcome: Series): number {
  const n = validate(predicted, outcome);
  let rate = 0;
  for (let i = 0; i < n; i++) rate += outcome[i] ?? NaN;
  rate /= n;
  const base = rate * (1 - rate);
  if (!(base > 0)) return NaN;
  return 1 - brierScore(predicted, outcome) / base;
}

export interface ReliabilityBin {
  /** The bin is [lower, upper), the last one closed at 1. */
  lower: number;
  upper: number;
  count: number;
  /** Mean forecast in the bin (NaN when empty). */
  meanPredicted: number;
  /** Observed rate of the outcome in the bin (NaN when empty). */
  observedRate: number;
  /** 95 % Wilson interval of the observed rate. */
  low: number;
  high: number;
}

/** Reliability (calibration) table over equal-width forecast bins (Wilks §8.4.4). */
export function reliabilityTable(predicted: Series, outcome: Series, bins: number): ReliabilityBin[] {
  const n = validate(predicted, outcome);
  if (!Number.isInteger(bins) || bins < 1)
    throw new RangeError(`bins must be a positive whole number, got ${bins}`);
  const counts = new Float64Array(bins);
  const forecastSums = new Float64Array(bins);
  const successes = new Float64Array(bins);
  for (let i = 0; i < n; i++) {
    const p = predicted[i] ?? NaN;
    const bin = Math.min(Math.floor(p * bins), bins - 1);
    counts[bin] = (counts[bin] ?? 0) + 1;
    forecastSums[bin] = (forecastSums[bin] ?? 0) + p;
    successes[bin] = (successes[bin] ?? 0) + (outcome[i] ?? NaN);
  }
  return Array.from({ length: bins }, (_, b) => {
    const count = counts[b] ?? 0;
    const hits = successes[b] ?? 0;
    return {
      lower: b / bins,
      upper: (b + 1) / bins,
      count,
      meanPredicted: count > 0 ? (forecastSums[b] ?? 0) / count : NaN,
      observedRate: count > 0 ? hits / count : NaN,
      ...wilsonInterval({ successes: hits, trials: count }),
    };
  });
}

/** Σ_b (n_b/n)·|mean forecast_b − observed rate_b| over the reliability bins (expected calibration error). */
export function calibrationMae(predicted: Series, outcome: Series, bins: number): number {
  const table = reliabilityTable(predicted, outcome, bins);
  let total = 0;
  let weighted = 0;
  for (const bin of table) {
    if (bin.count === 0) continue;
    total += bin.count;
    weighted += bin.count * Math.abs(bin.meanPredicted - bin.observedRate);
  }
  return weighted / total;
}
