/** The admin lists of analyses and of their stage snapshots (GET /api/admin/analyses, /analysis-snapshots). */
import { and, count, getTableColumns, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminListResponse,
  adminAnalysesEndpoint,
  adminAnalysisSnapshotsEndpoint,
} from '../../../../contract/admin-collections';
import type { AnalysisRecord, AnalysisSnapshotRecord } from '../../../../contract/admin-records';
import type { AnalysisStage } from '../../../../contract/enums';
import { orderFor, pagedRows, pageSlice, searchAny, totalOf, withinRange } from '../../../db/list-query';
import { analyses, analysisSnapshots } from '../../../db/schema';
import { pageWithPairSymbols } from './pair-page.query';
import type { ReadDb } from '../../../db/read-db';
import { pairMatches } from './search.query';

type AnalysesQuery = z.output<(typeof adminAnalysesEndpoint)['query']>;
type SnapshotsQuery = z.output<(typeof adminAnalysisSnapshotsEndpoint)['query']>;

/** The list's sort keys over the runs (the table, or the page cut from it) and their pair's symbol. */
const sortColumns = (
  runs: Record<'status' | 'progrevScore' | 'density' | 'createdAt', AnyColumn>,
  pair: AnyColumn | SQL,
) => ({
  pair,
  status: runs.status,
  progrev_score: runs.progrevScore,
  density: runs.density,
  createdAt: runs.createdAt,
});

/**
 * Newest first by default (analyses_created_at_idx). The page is cut from analyses alone, then
 * joined to its pairs' symbols, so the join never changes how the page is found. Search: pair
 * symbol, status, stage, user id.
 */
export async function listAnalyses(
  db: ReadDb,
  query: AnalysesQuery,
): Promise<AdminListResponse<AnalysisRecord>> {
  const where = and(
    withinRange(analyses.createdAt, query.timeRange),
    or(
      searchAny(query.search, [analyses.status, analyses.stage, analyses.userId]),
      pairMatches(db, analyses.pairId, query.search),
    ),
  );
  const [rows, total] = await Promise.all([
    pageWithPairSymbols(db, {
      table: analyses,
      select: db.select(getTableColumns(analyses)).from(analyses).$dynamic(),
      where,
      sort: query.sort,
      fallback: { key: 'createdAt', direction: 'desc' },
      sortColumns,
      slice: pageSlice(query),
    }),
    totalOf(db.select({ n: count() }).from(analyses).$dynamic(), where),
  ]);
  return {
    total,
    records: rows.map(({ page: run, crypto_pairs: pair }) => ({
      id: run.id,
      pair: pair?.symbol ?? '',
      userId: run.userId,
      status: run.status,
      stage: run.stage as AnalysisStage | null,
      progrev_score: run.progrevScore,
      density: run.density,
      error: run.error,
      createdAt: run.createdAt.toISOString(),
    })),
  };
}

/** Newest first by default (analysis_snapshots_snapshot_timestamp_idx). Search: status, stage, analysis id. */
export async function listAnalysisSnapshots(
  db: ReadDb,
  query: SnapshotsQuery,
): Promise<AdminListResponse<AnalysisSnapshotRecord>> {
  const { rows, total } = await pagedRows(
    db.select().from(analysisSnapshots).$dynamic(),
    db.select({ n: count() }).from(analysisSnapshots).$dynamic(),
    {
      where: and(
        withinRange(analysisSnapshots.snapshotTimestamp, query.timeRange),
        searchAny(query.search, [
          analysisSnapshots.status,
          analysisSnapshots.stage,
          sql`${analysisSnapshots.analysisId}::text`,
        ]),
      ),
      orderBy: orderFor(
        query.sort,
        {
          status: analysisSnapshots.status,
          progress: analysisSnapshots.progress,
          snapshot_timestamp: analysisSnapshots.snapshotTimestamp,
        },
        { key: 'snapshot_timestamp', direction: 'desc' },
        analysisSnapshots.id,
      ),
      slice: pageSlice(query),
    },
  );
  return {
    total,
    records: rows.map((row) => ({
      id: row.id,
      analysisId: row.analysisId,
      status: row.status,
      stage: row.stage as AnalysisStage | null,
      progress: row.progress,
      snapshot_timestamp: row.snapshotTimestamp.toISOString(),
    })),
  };
}
