/** The admin lists of analyses and analysis snapshots, and the per-pair figures of the pairs list. */
import { and, avg, count, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  orderFor,
  pagedRows,
  positionIn,
  searchAny,
  searchAnyOrIn,
  withinRange,
  type ListWindow,
  type PairScope,
} from '../../db/list-query';
import { analyses, analysisSnapshots } from '../../db/schema';

export type AnalysisSortKey = 'pair' | 'status' | 'progrev_score' | 'density' | 'createdAt';
export type SnapshotSortKey = 'status' | 'progress' | 'snapshot_timestamp';

export function createAnalysisListsRepo(db: Executor) {
  return {
    /** Newest first by default (analyses_created_at_idx). Search: pair symbol, status, stage, user id. */
    async listAnalyses(window: ListWindow<AnalysisSortKey>, scope: PairScope) {
      const bySymbol =
        window.sort?.key === 'pair'
          ? positionIn(await scope.pairIdsBySymbol(), analyses.pairId)
          : analyses.pairId;
      const where = and(
        withinRange(analyses.createdAt, window.timeRange),
        searchAnyOrIn(
          window.search,
          [analyses.status, analyses.stage, analyses.userId],
          analyses.pairId,
          scope.matchingPairIds,
        ),
      );
      return pagedRows(
        db.select().from(analyses).$dynamic(),
        db.select({ n: count() }).from(analyses).$dynamic(),
        {
          where,
          orderBy: orderFor(
            window.sort,
            {
              pair: bySymbol,
              status: analyses.status,
              progrev_score: analyses.progrevScore,
              density: analyses.density,
              createdAt: analyses.createdAt,
            },
            { key: 'createdAt', direction: 'desc' },
            analyses.id,
          ),
          window,
        },
      );
    },

    /** Newest first by default (analysis_snapshots_snapshot_timestamp_idx). Search: status, stage, analysis id. */
    listSnapshots: (window: ListWindow<SnapshotSortKey>) =>
      pagedRows(
        db.select().from(analysisSnapshots).$dynamic(),
        db.select({ n: count() }).from(analysisSnapshots).$dynamic(),
        {
          where: and(
            withinRange(analysisSnapshots.snapshotTimestamp, window.timeRange),
            searchAny(window.search, [
              analysisSnapshots.status,
              analysisSnapshots.stage,
              sql`${analysisSnapshots.analysisId}::text`,
            ]),
          ),
          orderBy: orderFor(
            window.sort,
            {
              status: analysisSnapshots.status,
              progress: analysisSnapshots.progress,
              snapshot_timestamp: analysisSnapshots.snapshotTimestamp,
            },
            { key: 'snapshot_timestamp', direction: 'desc' },
            analysisSnapshots.id,
          ),
          window,
        },
      ),

    /** Per pair: how many analyses it has and their mean progrev score (analyses_pair_id_created_at_idx). */
    async pairFigures(pairIds: number[]): Promise<Map<number, { count: number; avgProgrev: number | null }>> {
      if (pairIds.length === 0) return new Map();
      const rows = await db
        .select({ pairId: analyses.pairId, n: count(), mean: avg(analyses.progrevScore) })
        .from(analyses)
        .where(inArray(analyses.pairId, pairIds))
        .groupBy(analyses.pairId);
      return new Map(
        rows.map((row) => [
          row.pairId,
          { count: row.n, avgProgrev: row.mean === null ? null : Number(row.mean) },
        ]),
      );
    },
  };
}

export type AnalysisListsRepo = ReturnType<typeof createAnalysisListsRepo>;
