/**
 * The admin list of crypto pairs (GET /api/admin/all-crypto-pairs) and a pair as the admin sees
 * it, with its analysis figures: the pair-stats query, the one place they are computed.
 */
import { and, avg, count, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminListResponse, adminCryptoPairsEndpoint } from '../../../../contract/admin-collections';
import type { CryptoPairRecord } from '../../../../contract/admin-pairs';
import { orderFor, pagedRows, pageSlice, searchAny, withinRange } from '../../../db/list-query';
import { analyses, cryptoPairs } from '../../../db/schema';
import type { ReadDb } from '../../../db/read-db';

type CryptoPairsQuery = z.output<(typeof adminCryptoPairsEndpoint)['query']>;
type PairRow = typeof cryptoPairs.$inferSelect;

/**
 * A pair's analysis count and the mean progrev score of its runs that have one (null when none
 * has), one aggregate row even for a pair without runs (analyses_pair_id_created_at_idx).
 */
const pairStats = (db: ReadDb, pairId: AnyColumn | number) =>
  db
    .select({
      analysisCount: count().as('analysis_count'),
      avgProgrev: avg(analyses.progrevScore).as('avg_progrev'),
    })
    .from(analyses)
    .where(eq(analyses.pairId, pairId));

function toRecord(
  pair: PairRow,
  stats: { analysisCount: number; avgProgrev: string | null },
): CryptoPairRecord {
  return {
    id: String(pair.id),
    symbol: pair.symbol,
    krakenSymbol: pair.krakenSymbol,
    active: pair.active,
    deactivation_attempts: pair.deactivationAttempts,
    analysis_count: Number(stats.analysisCount),
    avg_progrev: stats.avgProgrev === null ? null : Number(stats.avgProgrev),
    dynamic_config: pair.dynamicConfig,
    createdAt: pair.createdAt.toISOString(),
    updatedAt: pair.updatedAt.toISOString(),
  };
}

/**
 * Symbol order by default (the unique index's). Every sort, the analysis figures included, is
 * the database's: the figures are a lateral aggregate per pair, so a page sorted by a pair's own
 * column computes them only for the pairs it shows. Search: symbol, Kraken symbol.
 */
export async function listCryptoPairs(
  db: ReadDb,
  query: CryptoPairsQuery,
): Promise<AdminListResponse<CryptoPairRecord>> {
  const stats = pairStats(db, cryptoPairs.id).as('pair_stats');
  const { rows, total } = await pagedRows(
    db
      .select({ pair: cryptoPairs, analysisCount: stats.analysisCount, avgProgrev: stats.avgProgrev })
      .from(cryptoPairs)
      .leftJoinLateral(stats, sql`true`)
      .$dynamic(),
    db.select({ n: count() }).from(cryptoPairs).$dynamic(),
    {
      where: and(
        withinRange(cryptoPairs.createdAt, query.timeRange),
        searchAny(query.search, [cryptoPairs.symbol, cryptoPairs.krakenSymbol]),
      ),
      orderBy: orderFor(
        query.sort,
        {
          symbol: cryptoPairs.symbol,
          krakenSymbol: cryptoPairs.krakenSymbol,
          active: cryptoPairs.active,
          deactivation_attempts: cryptoPairs.deactivationAttempts,
          analysis_count: stats.analysisCount,
          avg_progrev: stats.avgProgrev,
          createdAt: cryptoPairs.createdAt,
        },
        { key: 'symbol', direction: 'asc' },
        cryptoPairs.id,
      ),
      slice: pageSlice(query),
    },
  );
  return {
    total,
    records: rows.map((row) =>
      toRecord(row.pair, { analysisCount: row.analysisCount ?? 0, avgProgrev: row.avgProgrev ?? null }),
    ),
  };
}

/** A pair just written by the market module, with its analysis figures (manage-pairs answers). */
export async function cryptoPairRecord(db: ReadDb, pair: PairRow): Promise<CryptoPairRecord> {
  const [stats] = await pairStats(db, pair.id);
  return toRecord(pair, stats ?? { analysisCount: 0, avgProgrev: null });
}
