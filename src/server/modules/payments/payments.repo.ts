import { and, count, desc, eq, sql, sum, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { payments, type PaymentStatus, type PaymentType } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Which rows a status change may start from (the conditional UPDATE that lets exactly one writer win). */
export type SettleFrom = 'pending' | 'pending_or_unanswered';

export function createPaymentsRepo(db: Database) {
  return {
    async insert(row: NewPayment, tx: Queryable = db): Promise<PaymentRow> {
      const [inserted] = await tx.insert(payments).values(row).returning();
      return inserted!;
    },

    /** An automatic tip, at most one per trade; null when the trade already has one. */
    async insertAutoTip(tx: Queryable, row: NewPayment): Promise<PaymentRow | null> {
      const [inserted] = await tx.insert(payments).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async remove(tx: Queryable, id: string): Promise<void> {
      await tx.delete(payments).where(eq(payments.id, id));
    },

    async findById(id: string, tx: Queryable = db): Promise<PaymentRow | null> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    async findByProviderRef(provider: string, providerRef: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
      return row ?? null;
    },

    /**
     * Moves one payment of `type` to `to` only if it is still where `from` says: concurrent
     * deciders (approve and reject, two webhook deliveries, a reply and a webhook) all run this
     * statement and exactly one gets the row back. `unansweredReason` marks a deposit we failed
     * only because the provider did not answer; its late success may still complete it.
     */
    async settle(
      input: {
        id: string;
        type: PaymentType;
        from: SettleFrom;
        to: PaymentStatus;
        changes?: Partial<Pick<NewPayment, 'providerRef' | 'approvedBy' | 'rejectReason'>>;
        unansweredReason?: string;
      },
      tx: Queryable = db,
    ): Promise<PaymentRow | null> {
      let from: SQL = eq(payments.status, 'pending');
      if (input.from === 'pending_or_unanswered' && input.unansweredReason) {
        from = sql`(${payments.status} = 'pending' or (${payments.status} = 'failed' and ${payments.providerRef} is null and ${payments.rejectReason} = ${input.unansweredReason}))`;
      }
      const [row] = await tx
        .update(payments)
        .set({ status: input.to, ...input.changes })
        .where(and(eq(payments.id, input.id), eq(payments.type, input.type), from))
        .returning();
      return row ?? null;
    },

    async setProviderRef(tx: Queryable, id: string, providerRef: string): Promise<PaymentRow | null> {
      const [row] = await tx.update(payments).set({ providerRef }).where(eq(payments.id, id)).returning();
      return row ?? null;
    },

    /** Completed deposits of the user, counted in `tx` (after its ledger lock, so concurrent firsts see each other). */
    async completedDeposits(tx: Queryable, userId: string): Promise<number> {
      return tx.$count(
        payments,
        and(eq(payments.userId, userId), eq(payments.type, 'deposit'), eq(payments.status, 'completed')),
      );
    },

    /** Newest first; `id` breaks ties so pages never overlap. */
    async history(userId: string, offset: number, limit: number) {
      const where = eq(payments.userId, userId);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(where)
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .offset(offset)
          .limit(limit),
        db.select({ total: count() }).from(payments).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Sum of completed payments per type, in cents. */
    async completedTotals(userId: string): Promise<Map<PaymentType, number>> {
      const rows = await db
        .select({ type: payments.type, cents: sum(payments.amountCents).mapWith(Number) })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'completed')))
        .groupBy(payments.type);
      return new Map(rows.map((r) => [r.type, r.cents ?? 0]));
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
