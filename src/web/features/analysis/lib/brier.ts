export interface BrierComparison {
  /** Lower is better: the engine's predictions were closer to what happened than the base rate. */
  beats: boolean;
  /** Brier skill score, 1 − brier / baseline, in percent; null when the baseline is 0. */
  skillPercent: number | null;
}

/** The engine's Brier score against always predicting the base rate; null without both. */
export function compareBrier(brier: number | null, baseline: number | null): BrierComparison | null {
  if (brier === null || baseline === null) return null;
  return {
    beats: brier < baseline,
    skillPercent: baseline > 0 ? 100 * (1 - brier / baseline) : null,
  };
}

/** Share of scored offers that succeeded, in percent; null with none scored. */
export function baseRatePercent(rows: readonly { succeeded: number; sampleSize: number }[]): number | null {
  const scored = rows.reduce((sum, row) => sum + row.sampleSize, 0);
  if (scored === 0) return null;
  return (100 * rows.reduce((sum, row) => sum + row.succeeded, 0)) / scored;
}
