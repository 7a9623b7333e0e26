import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { billingEvents, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'updatedAt'>;

export function createBillingRepo(db: Database) {
  return {
    async subscriptionOf(userId: string, tx: Queryable = db): Promise<SubscriptionRow | null> {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    /**
     * Stores the provider's state unless a newer one is stored (by the provider's event time) or
     * this subscription was cancelled (final); answers the row before and after, or null when
     * nothing changed.
     */
    async apply(
      values: SubscriptionValues,
      tx: Queryable,
    ): Promise<{ before: SubscriptionRow | null; after: SubscriptionRow } | null> {
      const [before] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, values.userId))
        .for('update');
      if (before && before.eventAt > values.eventAt) return null;
      // Stripe dates events in whole seconds: of a tie, a cancelled subscription stays cancelled.
      const final = before?.subscriptionId === values.subscriptionId && before.status === 'canceled';
      if (final && values.status !== 'canceled') return null;
      const [after] = await tx
        .insert(subscriptions)
        .values(values)
        .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      return { before: before ?? null, after: after! };
    },

    /** True the first time an event id is seen (in `tx`, so a failed apply records nothing). */
    async firstSight(eventId: string, tx: Queryable): Promise<boolean> {
      const rows = await tx.insert(billingEvents).values({ eventId }).onConflictDoNothing().returning();
      return rows.length === 1;
    },

    all(): Promise<SubscriptionRow[]> {
      return db.select().from(subscriptions).orderBy(desc(subscriptions.updatedAt));
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
