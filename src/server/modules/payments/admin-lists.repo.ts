/** The admin lists of payments: every payment, and the withdrawals waiting for approval. */
import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderFor, pagedRows, searchAnyOrIn, withinRange, type ListWindow } from '../../db/list-query';
import { payments } from '../../db/schema';

export type PaymentSortKey = 'type' | 'amount' | 'status' | 'createdAt';

/** The approvals screen's filters, already parsed: exact cents, a UTC calendar day. */
export interface PendingWithdrawalsWindow {
  page: number;
  pageSize: number;
  amountCents?: number | undefined;
  /** YYYY-MM-DD. */
  date?: string | undefined;
}

export function createPaymentListsRepo(db: Executor) {
  return {
    /** Newest first by default (payments_created_at_idx). Search: type, status, the user (id, or a name or email that matched). */
    listPayments: (window: ListWindow<PaymentSortKey>, matchingUserIds: string[] | null) =>
      pagedRows(db.select().from(payments).$dynamic(), db.select({ n: count() }).from(payments).$dynamic(), {
        where: and(
          withinRange(payments.createdAt, window.timeRange),
          searchAnyOrIn(
            window.search,
            [payments.type, payments.status, payments.userId],
            payments.userId,
            matchingUserIds,
          ),
        ),
        orderBy: orderFor(
          window.sort,
          {
            type: payments.type,
            amount: payments.amountCents,
            status: payments.status,
            createdAt: payments.createdAt,
          },
          { key: 'createdAt', direction: 'desc' },
          payments.id,
        ),
        window,
      }),

    /**
     * Withdrawals waiting for an admin, oldest first (payments_pending_idx). `userIds` narrows to
     * those users (a name or email filter that matched them; none matched → an empty page).
     */
    listPendingWithdrawals: (window: PendingWithdrawalsWindow, userIds: string[] | null) => {
      const conditions: (SQL | undefined)[] = [
        eq(payments.status, 'pending'),
        eq(payments.type, 'withdrawal'),
      ];
      if (userIds) conditions.push(userIds.length > 0 ? inArray(payments.userId, userIds) : sql`false`);
      if (window.amountCents !== undefined) conditions.push(eq(payments.amountCents, window.amountCents));
      if (window.date) {
        const day = new Date(`${window.date}T00:00:00.000Z`);
        conditions.push(
          gte(payments.createdAt, day),
          lt(payments.createdAt, new Date(day.getTime() + 86_400_000)),
        );
      }
      return pagedRows(
        db.select().from(payments).$dynamic(),
        db.select({ n: count() }).from(payments).$dynamic(),
        {
          where: and(...conditions),
          orderBy: [asc(payments.createdAt), asc(payments.id)],
          window,
        },
      );
    },
  };
}
