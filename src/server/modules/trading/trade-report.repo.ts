/** Trades for the admin reports: every trader's, filtered, sorted and sliced in the database. */
import { and, asc, count, desc, gte, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trades } from '../../db/schema';
import { searchAny } from '../../db/list-query';
import type { ReportSlice } from '../../shared/report-query';

export type ReportTradeRow = Pick<
  typeof trades.$inferSelect,
  'id' | 'userId' | 'pair' | 'amountCents' | 'profitPercent' | 'openedAt'
>;

const SORTABLE: Record<string, AnyColumn> = {
  createdAt: trades.openedAt,
  amount: trades.amountCents,
  pair: trades.pair,
  profitPercent: trades.profitPercent,
};

export async function reportTrades(
  db: Executor,
  slice: ReportSlice & { pair?: string },
): Promise<{ rows: ReportTradeRow[]; total: number }> {
  if (slice.userIds?.length === 0) return { rows: [], total: 0 };
  const where = and(
    slice.since && gte(trades.openedAt, slice.since),
    slice.userIds && inArray(trades.userId, [...slice.userIds]),
    searchAny(slice.pair, [trades.pair]),
  );
  const column = SORTABLE[slice.sort.key];
  const order: SQL[] = column
    ? [
        // Open trades have no profit yet: they go last either way.
        slice.sort.direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
        desc(trades.openedAt),
      ]
    : [desc(trades.openedAt)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: trades.id,
        userId: trades.userId,
        pair: trades.pair,
        amountCents: trades.amountCents,
        profitPercent: trades.profitPercent,
        openedAt: trades.openedAt,
      })
      .from(trades)
      .where(where)
      .orderBy(...order, asc(trades.id))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(trades).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
