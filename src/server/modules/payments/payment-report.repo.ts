/** Payments for the admin reports: every trader's, filtered, sorted and sliced in the database. */
import { and, asc, count, desc, gte, inArray, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema';
import type { ReportSlice } from '../../shared/report-query';

export type ReportPaymentRow = Pick<
  typeof payments.$inferSelect,
  'id' | 'userId' | 'type' | 'amountCents' | 'status' | 'createdAt'
>;

const SORTABLE: Record<string, AnyColumn> = {
  createdAt: payments.createdAt,
  amount: payments.amountCents,
  type: payments.type,
  status: payments.status,
};

export async function reportPayments(
  db: Executor,
  slice: ReportSlice,
): Promise<{ rows: ReportPaymentRow[]; total: number }> {
  if (slice.userIds?.length === 0) return { rows: [], total: 0 };
  const where = and(
    slice.since && gte(payments.createdAt, slice.since),
    slice.userIds && inArray(payments.userId, [...slice.userIds]),
  );
  const column = SORTABLE[slice.sort.key];
  const direction = column && slice.sort.direction === 'asc' ? asc : desc;
  const order = column ? [direction(column), desc(payments.createdAt)] : [desc(payments.createdAt)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: payments.id,
        userId: payments.userId,
        type: payments.type,
        amountCents: payments.amountCents,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(where)
      .orderBy(...order, asc(payments.id))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
