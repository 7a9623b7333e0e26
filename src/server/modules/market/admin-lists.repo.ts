/** The admin lists of crypto pairs and ticker logs (admin spec section 7). */
import { and, asc, count, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  orderFor,
  pageOffset,
  pagedRows,
  positionIn,
  searchAny,
  timeRangeCutoff,
  withinRange,
  type ListWindow,
  type PairScope,
} from '../../db/list-query';
import { cryptoPairs, tickerLogCounts, tickerLogs } from '../../db/schema';

export type PairSortKey = 'symbol' | 'krakenSymbol' | 'active' | 'deactivation_attempts' | 'createdAt';
export type TickerSortKey = 'pair' | 'price' | 'volume' | 'percentage' | 'timestamp';

const pairColumns = {
  symbol: cryptoPairs.symbol,
  krakenSymbol: cryptoPairs.krakenSymbol,
  active: cryptoPairs.active,
  deactivation_attempts: cryptoPairs.deactivationAttempts,
  createdAt: cryptoPairs.createdAt,
};

export function createMarketListsRepo(db: Executor) {
  const pairsWhere = (window: ListWindow) =>
    and(
      withinRange(cryptoPairs.createdAt, window.timeRange),
      searchAny(window.search, [cryptoPairs.symbol, cryptoPairs.krakenSymbol]),
    );

  return {
    /** Ids of the pairs whose symbol contains `search` (other lists search by pair through it). */
    async pairIdsMatching(search: string): Promise<number[]> {
      const rows = await db
        .select({ id: cryptoPairs.id })
        .from(cryptoPairs)
        .where(searchAny(search, [cryptoPairs.symbol]));
      return rows.map((row) => row.id);
    },

    /** Every pair id in symbol order (lists of other tables sort by pair through it). */
    async pairIdsBySymbol(): Promise<number[]> {
      const rows = await db.select({ id: cryptoPairs.id }).from(cryptoPairs).orderBy(asc(cryptoPairs.symbol));
      return rows.map((row) => row.id);
    },

    /** One page of pairs sorted by one of their own columns (symbol order is the unique index's). */
    listPairs: (window: ListWindow<PairSortKey>) =>
      pagedRows(
        db.select().from(cryptoPairs).$dynamic(),
        db.select({ n: count() }).from(cryptoPairs).$dynamic(),
        {
          where: pairsWhere(window),
          orderBy: orderFor(window.sort, pairColumns, { key: 'symbol', direction: 'asc' }, cryptoPairs.id),
          window,
        },
      ),

    /** Every pair the window matches, unpaged: the exchange's list is small and bounded. */
    allPairs: (window: ListWindow) =>
      db.select().from(cryptoPairs).where(pairsWhere(window)).orderBy(asc(cryptoPairs.symbol)),

    /**
     * Ticker logs, newest first by default (ticker_logs_timestamp_id_idx; with a pair search,
     * ticker_logs_pair_id_timestamp_idx). `scope` narrows it to the pairs a search matched. Without a pair search the
     * total comes from the hourly counts (tickerTotal), not from counting the rows.
     */
    async listTickerLogs(window: ListWindow<TickerSortKey>, scope: PairScope) {
      const pairIds = scope.matchingPairIds;
      const cutoff = timeRangeCutoff(window.timeRange);
      const where = and(
        cutoff ? gte(tickerLogs.timestamp, cutoff) : undefined,
        pairIds ? inArray(tickerLogs.pairId, pairIds) : undefined,
      );
      const rows = await db
        .select()
        .from(tickerLogs)
        .where(where)
        .orderBy(
          ...orderFor(
            window.sort,
            {
              pair:
                window.sort?.key === 'pair'
                  ? positionIn(await scope.pairIdsBySymbol(), tickerLogs.pairId)
                  : tickerLogs.pairId,
              price: tickerLogs.price,
              volume: tickerLogs.volume,
              percentage: tickerLogs.percentage,
              timestamp: tickerLogs.timestamp,
            },
            { key: 'timestamp', direction: 'desc' },
            tickerLogs.id,
          ),
        )
        .limit(window.pageSize)
        .offset(pageOffset(window));
      if (pairIds) {
        const [counted] = await db.select({ n: count() }).from(tickerLogs).where(where);
        return { rows, total: counted?.n ?? 0 };
      }
      return { rows, total: await tickerTotal(cutoff) };
    },
  };

  /**
   * Ticker logs since `cutoff` (all when null): the hourly counts of every whole hour after the
   * cutoff's hour, plus the rows of that first, partial hour counted one by one through
   * ticker_logs_timestamp_id_idx. Exact, and at most one hour of rows is ever counted.
   */
  async function tickerTotal(cutoff: Date | null): Promise<number> {
    const hourOf = (at: Date) =>
      sql`date_bin('1 hour', ${at.toISOString()}::timestamptz, timestamptz '2000-01-01 00:00:00+00')`;
    if (!cutoff) {
      const [all] = await db
        .select({ n: sql<string | null>`sum(${tickerLogCounts.n})` })
        .from(tickerLogCounts);
      return Number(all?.n ?? 0);
    }
    const [whole] = await db
      .select({ n: sql<string | null>`sum(${tickerLogCounts.n})` })
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
}
