/**
 * The admin reports' tables: every trader's trades and payments with their owner's name, filtered,
 * sorted and sliced in the database (GET /api/admin/reports and its CSV and PDF downloads).
 */
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { ReportPayment, ReportsExportQuery, ReportTrade } from '../../../../contract/admin-reports';
import { orderFor, pagedRows, searchAny, sortIn, type Slice } from '../../../db/list-query';
import { payments, trades, user } from '../../../db/schema';
import { toDollars } from '../../../shared/money';
import type { ReadDb } from '../../../db/read-db';
import { userMatches } from './search.query';

/** The report's filters with the time range already turned into an instant. */
export type ReportFilters = Pick<ReportsExportQuery, 'user' | 'pair' | 'sort'> & { since: Date | null };

const tradeColumns = {
  createdAt: trades.openedAt,
  amount: trades.amountCents,
  pair: trades.pair,
  profitPercent: trades.profitPercent,
};
const paymentColumns = {
  createdAt: payments.createdAt,
  amount: payments.amountCents,
  type: payments.type,
  status: payments.status,
};

const owner = { username: user.username, email: user.email };
const userOf = (id: string, row: { username: string | null; email: string | null }) => ({
  id,
  username: row.username ?? null,
  email: row.email ?? '',
});

/** A key the table does not know sorts it by opening time, newest first. */
export async function reportTrades(
  db: ReadDb,
  filters: ReportFilters,
  slice: Slice,
): Promise<{ rows: ReportTrade[]; total: number }> {
  // Open trades have no profit yet: they go last either way, ahead of the helper's null order.
  const openLast: SQL[] = filters.sort.key === 'profitPercent' ? [sql`${trades.profitPercent} is null`] : [];
  const { rows, total } = await pagedRows(
    db
      .select({ trade: trades, ...owner })
      .from(trades)
      .leftJoin(user, eq(user.id, trades.userId))
      .$dynamic(),
    db.select({ n: count() }).from(trades).$dynamic(),
    {
      where: and(
        filters.since ? gte(trades.openedAt, filters.since) : undefined,
        userMatches(db, trades.userId, filters.user),
        searchAny(filters.pair, [trades.pair]),
      ),
      orderBy: [
        ...openLast,
        ...orderFor(
          sortIn(filters.sort, tradeColumns),
          tradeColumns,
          { key: 'createdAt', direction: 'desc' },
          [desc(trades.openedAt), asc(trades.id)],
        ),
      ],
      slice,
    },
  );
  return {
    total,
    rows: rows.map(({ trade, ...contact }) => ({
      id: trade.id,
      pair: trade.pair,
      amount: toDollars(trade.amountCents),
      profitPercent: trade.profitPercent,
      User: userOf(trade.userId, contact),
      createdAt: trade.openedAt.toISOString(),
    })),
  };
}

/** A key the table does not know sorts it by creation time, newest first. Payments have no pair. */
export async function reportPayments(
  db: ReadDb,
  filters: ReportFilters,
  slice: Slice,
): Promise<{ rows: ReportPayment[]; total: number }> {
  const { rows, total } = await pagedRows(
    db
      .select({ payment: payments, ...owner })
      .from(payments)
      .leftJoin(user, eq(user.id, payments.userId))
      .$dynamic(),
    db.select({ n: count() }).from(payments).$dynamic(),
    {
      where: and(
        filters.since ? gte(payments.createdAt, filters.since) : undefined,
        userMatches(db, payments.userId, filters.user),
      ),
      orderBy: orderFor(
        sortIn(filters.sort, paymentColumns),
        paymentColumns,
        { key: 'createdAt', direction: 'desc' },
        [desc(payments.createdAt), asc(payments.id)],
      ),
      slice,
    },
  );
  return {
    total,
    rows: rows.map(({ payment, ...contact }) => ({
      id: payment.id,
      type: payment.type,
      amount: toDollars(payment.amountCents),
      status: payment.status,
      User: userOf(payment.userId, contact),
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}
