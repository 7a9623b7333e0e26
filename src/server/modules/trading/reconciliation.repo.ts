import { and, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reconciliationRuns, trades } from '../../db/schema';

export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;
export type NewReconciliationRun = typeof reconciliationRuns.$inferInsert;

/** A filled trade's fills as the books hold them (paper fills never reached an exchange). */
export interface FilledTradeRow {
  pair: string;
  side: 'buy' | 'sell';
  quantity: string;
  entryPrice: string;
  entryFee: string | null;
  exitPrice: string | null;
  exitFee: string | null;
  exitOrderId: string | null;
  status: string;
}

const unacknowledgedDrift = and(
  eq(reconciliationRuns.status, 'drift'),
  isNull(reconciliationRuns.acknowledgedAt),
);

export function createReconciliationRepo(db: Database) {
  return {
    /** Every trade whose entry filled on the exchange (its order id is the exchange's, not paper's). */
    filledTrades(): Promise<FilledTradeRow[]> {
      return db
        .select({
          pair: trades.pair,
          side: trades.side,
          quantity: trades.quantity,
          entryPrice: trades.entryPrice,
          entryFee: trades.entryFee,
          exitPrice: trades.exitPrice,
          exitFee: trades.exitFee,
          exitOrderId: trades.exitOrderId,
          status: trades.status,
        })
        .from(trades)
        .where(and(isNotNull(trades.filledAt), sql`${trades.entryOrderId} not like 'paper-%'`));
    },

    /**
     * Open trades whose entry has not filled yet or whose order is being looked up, and since
     * when the oldest has waited (its exit's claim, else its opening).
     */
    async ordersInFlight(): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldest: sql<string | null>`min(coalesce(${trades.closeClaimedAt}, ${trades.openedAt}))`,
        })
        .from(trades)
        .where(and(eq(trades.status, 'open'), or(isNull(trades.filledAt), isNotNull(trades.unknownOrder))));
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async insert(run: NewReconciliationRun): Promise<ReconciliationRunRow> {
      const [row] = await db.insert(reconciliationRuns).values(run).returning();
      if (!row) throw new Error('reconciliation run not stored');
      return row;
    },

    /** What later runs are measured from: the first run, or the latest drift an admin acknowledged. */
    async baseline(): Promise<ReconciliationRunRow | null> {
      const [row] = await db
        .select()
        .from(reconciliationRuns)
        .where(
          or(
            eq(reconciliationRuns.status, 'baseline'),
            and(eq(reconciliationRuns.status, 'drift'), isNotNull(reconciliationRuns.acknowledgedAt)),
          ),
        )
        .orderBy(desc(reconciliationRuns.id))
        .limit(1);
      return row ?? null;
    },

    /** The oldest drift no admin has acknowledged: while there is one, live accepts are paused. */
    async unacknowledgedDrift(): Promise<ReconciliationRunRow | null> {
      const [row] = await db
        .select()
        .from(reconciliationRuns)
        .where(unacknowledgedDrift)
        .orderBy(reconciliationRuns.id)
        .limit(1);
      return row ?? null;
    },

    latest(limit: number): Promise<ReconciliationRunRow[]> {
      return db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.id)).limit(limit);
    },

    find(id: number): Promise<ReconciliationRunRow | undefined> {
      return db
        .select()
        .from(reconciliationRuns)
        .where(eq(reconciliationRuns.id, id))
        .then((rows) => rows[0]);
    },

    /** Acknowledges this drift and every unacknowledged one before it; the rows changed. */
    acknowledge(id: number, by: string, note: string, at: Date): Promise<ReconciliationRunRow[]> {
      return db
        .update(reconciliationRuns)
        .set({ acknowledgedAt: at, acknowledgedBy: by, acknowledgeNote: note })
        .where(and(unacknowledgedDrift, lte(reconciliationRuns.id, id)))
        .returning();
    },
  };
}

export type ReconciliationRepo = ReturnType<typeof createReconciliationRepo>;
