/**
 * The admin list of ticker logs (GET /api/admin/ticker-logs), the largest table the admin pages
 * through: newest first by default straight off ticker_logs_timestamp_id_idx (with a pair search,
 * ticker_logs_pair_id_timestamp_idx), and without a pair search its total comes from the hourly
 * counts (tickerTotal), not from counting the rows.
 */
import { and, count, gte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminListResponse, adminTickerLogsEndpoint } from '../../../../contract/admin-collections';
import type { TickerLogRecord } from '../../../../contract/admin-records';
import { pageSlice, timeRangeCutoff, totalOf } from '../../../db/list-query';
import { tickerLogCounts, tickerLogs } from '../../../db/schema';
import { pageWithPairSymbols } from './pair-page.query';
import type { ReadDb } from '../../../db/read-db';
import { pairMatches } from './search.query';

type TickerLogsQuery = z.output<(typeof adminTickerLogsEndpoint)['query']>;

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** The list's sort keys over the ticks (the table, or the page cut from it) and their pair's symbol. */
const sortColumns = (
  rows: Record<'price' | 'volume' | 'percentage' | 'timestamp', AnyColumn>,
  pair: AnyColumn | SQL,
) => ({
  pair,
  price: rows.price,
  volume: rows.volume,
  percentage: rows.percentage,
  timestamp: rows.timestamp,
});

/** The page is cut from ticker_logs alone, then joined to its pairs' symbols. Search: the pair's symbol. */
export async function listTickerLogs(
  db: ReadDb,
  query: TickerLogsQuery,
): Promise<AdminListResponse<TickerLogRecord>> {
  const cutoff = timeRangeCutoff(query.timeRange);
  const byPair = pairMatches(db, tickerLogs.pairId, query.search);
  const where = and(cutoff ? gte(tickerLogs.timestamp, cutoff) : undefined, byPair);
  const rows = await pageWithPairSymbols(db, {
    table: tickerLogs,
    select: db.select().from(tickerLogs).$dynamic(),
    where,
    sort: query.sort,
    fallback: { key: 'timestamp', direction: 'desc' },
    sortColumns,
    slice: pageSlice(query),
  });
  const total = byPair
    ? await totalOf(db.select({ n: count() }).from(tickerLogs).$dynamic(), where)
    : await tickerTotal(db, cutoff);
  return {
    total,
    records: rows.map(({ page: tick, crypto_pairs: pair }) => ({
      id: String(tick.id),
      pair: pair?.symbol ?? '',
      price: Number(tick.price),
      volume: numberOrNull(tick.volume),
      percentage: numberOrNull(tick.percentage),
      timestamp: tick.timestamp.toISOString(),
    })),
  };
}

/**
 * Ticker logs since `cutoff` (all when null): the hourly counts of every whole hour after the
 * cutoff's hour, plus the rows of that first, partial hour counted one by one through
 * ticker_logs_timestamp_id_idx. Exact, and at most one hour of rows is ever counted.
 */
async function tickerTotal(db: ReadDb, cutoff: Date | null): Promise<number> {
  const hourOf = (at: Date) =>
    sql`date_bin('1 hour', ${at.toISOString()}::timestamptz, timestamptz '2000-01-01 00:00:00+00')`;
  const hourly = sql<string | null>`sum(${tickerLogCounts.n})`;
  if (!cutoff) {
    const [all] = await db.select({ n: hourly }).from(tickerLogCounts);
    return Number(all?.n ?? 0);
  }
  const [whole] = await db
    .select({ n: hourly })
    .from(tickerLogCounts)
    .where(sql`${tickerLogCounts.hour} > ${hourOf(cutoff)}`);
  const [partial] = await db
    .select({ n: count() })
    .from(tickerLogs)
    .where(
      and(
        gte(tickerLogs.timestamp, cutoff),
        sql`${tickerLogs.timestamp} < ${hourOf(cutoff)} + interval '1 hour'`,
      ),
    );
  return Number(whole?.n ?? 0) + (partial?.n ?? 0);
}
