/** Per-pair figures of analysis runs for the admin pair lists. */
import { avg, count, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { analyses } from '../../db/schema';

export interface PairAnalysisStats {
  count: number;
  /** Mean progrev score of the runs that have one; null when none has. */
  avgProgrev: number | null;
}

export async function pairAnalysisStats(
  db: Executor,
  pairIds: readonly number[],
): Promise<Map<number, PairAnalysisStats>> {
  if (pairIds.length === 0) return new Map();
  const rows = await db
    .select({ pairId: analyses.pairId, n: count(), mean: avg(analyses.progrevScore) })
    .from(analyses)
    .where(inArray(analyses.pairId, [...pairIds]))
    .groupBy(analyses.pairId);
  return new Map(
    rows.map((row) => [
      row.pairId,
      { count: row.n, avgProgrev: row.mean === null ? null : Number(row.mean) },
    ]),
  );
}
