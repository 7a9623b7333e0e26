/**
 * The admin lists of payments: every payment (GET /api/admin/payments) and the withdrawals waiting
 * for approval with their owner's name and email (GET /api/admin/approvals).
 */
import { and, asc, count, eq, gte, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApprovalsQuery, ApprovalsResponse } from '../../../../contract/admin-approvals';
import type { AdminListResponse, adminPaymentsEndpoint } from '../../../../contract/admin-collections';
import type { AdminPaymentRecord } from '../../../../contract/admin-records';
import { orderFor, pagedRows, pageSlice, searchAny, withinRange } from '../../../db/list-query';
import { payments, user } from '../../../db/schema';
import { toCents, toDollars } from '../../../shared/money';
import { DAY_MS } from '../../../shared/time';
import type { ReadDb } from '../../../db/read-db';
import { userMatches } from './search.query';

type PaymentsQuery = z.output<(typeof adminPaymentsEndpoint)['query']>;

/** Newest first by default (payments_created_at_idx). Search: type, status, the user (id, username, email or name). */
export async function listPayments(
  db: ReadDb,
  query: PaymentsQuery,
): Promise<AdminListResponse<AdminPaymentRecord>> {
  const { rows, total } = await pagedRows(
    db.select().from(payments).$dynamic(),
    db.select({ n: count() }).from(payments).$dynamic(),
    {
      where: and(
        withinRange(payments.createdAt, query.timeRange),
        or(
          searchAny(query.search, [payments.type, payments.status, payments.userId]),
          userMatches(db, payments.userId, query.search),
        ),
      ),
      orderBy: orderFor(
        query.sort,
        {
          type: payments.type,
          amount: payments.amountCents,
          status: payments.status,
          createdAt: payments.createdAt,
        },
        { key: 'createdAt', direction: 'desc' },
        payments.id,
      ),
      slice: pageSlice(query),
    },
  );
  return {
    total,
    records: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      type: row.type,
      amount: toDollars(row.amountCents),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Withdrawals waiting for an admin, oldest first (payments_pending_idx), narrowed to the users the
 * `user` filter finds, an exact amount and a UTC calendar day.
 */
export async function listApprovals(db: ReadDb, query: ApprovalsQuery): Promise<ApprovalsResponse> {
  const day = query.date ? new Date(`${query.date}T00:00:00.000Z`) : null;
  const { rows, total } = await pagedRows(
    db
      .select({ payment: payments, username: user.username, email: user.email })
      .from(payments)
      .leftJoin(user, eq(user.id, payments.userId))
      .$dynamic(),
    db.select({ n: count() }).from(payments).$dynamic(),
    {
      where: and(
        eq(payments.status, 'pending'),
        eq(payments.type, 'withdrawal'),
        userMatches(db, payments.userId, query.user),
        query.amount === undefined ? undefined : eq(payments.amountCents, toCents(query.amount)),
        day ? gte(payments.createdAt, day) : undefined,
        day ? lt(payments.createdAt, new Date(day.getTime() + DAY_MS)) : undefined,
      ),
      orderBy: [asc(payments.createdAt), asc(payments.id)],
      slice: pageSlice(query),
    },
  );
  return {
    total,
    approvals: rows.map(({ payment, username, email }) => ({
      id: payment.id,
      type: payment.type,
      amount: toDollars(payment.amountCents),
      status: payment.status,
      createdAt: payment.createdAt.toISOString(),
      User: { username: username ?? null, email: email ?? '' },
    })),
  };
}
