/**
 * The public figures, computed from the chain's entries alone (pure: rows in, numbers out). A
 * settled offer is one with a real outcome (succeeded, failed, neither): it has a net return, as if
 * followed at its stated entry and paying its committed round-trip fee. Unscoreable and pending
 * offers are counted, never averaged in.
 */
import type { TrackRecordFigures } from '../../../contract/track-record';

export interface SettledReturn {
  /** Net return, percent of the entry. */
  netReturnPercent: number;
  succeeded: boolean;
  predictedSuccessRate: number;
  settledAt: string;
}

export interface FigureInput {
  offers: number;
  pending: number;
  unscoreable: number;
  /** In order of settlement. */
  settled: SettledReturn[];
}

export function meanAndT(values: readonly number[]): {
  mean: number | null;
  sd: number | null;
  tStat: number | null;
} {
  const n = values.length;
  if (n === 0) return { mean: null, sd: null, tStat: null };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, sd: null, tStat: null };
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
  // Every return identical: no spread to measure the mean against.
  return { mean, sd, tStat: sd > 0 ? mean / (sd / Math.sqrt(n)) : null };
}

/** The running sum of returns and its deepest fall from a running peak (the start, 0, counts as one). */
export function equityCurve(settled: readonly SettledReturn[]): {
  points: { at: string; totalNetReturnPercent: number }[];
  maxDrawdownPercent: number;
} {
  let total = 0;
  let peak = 0;
  let maxDrawdown = 0;
  const points = settled.map((s) => {
    total += s.netReturnPercent;
    peak = Math.max(peak, total);
    maxDrawdown = Math.max(maxDrawdown, peak - total);
    return { at: s.settledAt, totalNetReturnPercent: total };
  });
  return { points, maxDrawdownPercent: maxDrawdown };
}

/** At most `max` points, evenly spaced, the last always kept (the chart's line; figures use all). */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}

export function figuresOf(input: FigureInput): TrackRecordFigures {
  const { settled } = input;
  const returns = settled.map((s) => s.netReturnPercent);
  const { mean, tStat } = meanAndT(returns);
  const succeeded = settled.filter((s) => s.succeeded).length;
  const { maxDrawdownPercent } = equityCurve(settled);
  return {
    offers: input.offers,
    settled: settled.length,
    pending: input.pending,
    unscoreable: input.unscoreable,
    succeeded,
    hitRate: settled.length ? (100 * succeeded) / settled.length : null,
    meanNetReturnPercent: mean,
    tStat,
    predictedSuccessRate: settled.length
      ? settled.reduce((a, s) => a + s.predictedSuccessRate, 0) / settled.length
      : null,
    totalNetReturnPercent: returns.reduce((a, b) => a + b, 0),
    maxDrawdownPercent,
  };
}
