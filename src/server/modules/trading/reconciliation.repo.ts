import { and, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reconciliationRuns, trades } from '../../db/schema';

export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;
export type NewReconciliationRun = typeof reconciliationRuns.$inferInsert;

/**
 * What the books' fills on one pair and side add up to (NUMERIC sums, exact): entries of every
 * trade filled on the exchange, exits of those closed there. Paper fills never reached one.
 */
export interface PairFills {
  pair: string;
  side: 'buy' | 'sell';
  entry: { quantity: number; quote: number; fee: number };
  exit: { quantity: number; quote: number; fee: number };
}

const unacknowledgedDrift = and(
  eq(reconciliationRuns.status, 'drift'),
  isNull(reconciliationRuns.acknowledgedAt),
);

export function createReconciliationRepo(db: Database) {
  return {
    /** The fills of every trade whose entry filled on the exchange, summed per pair and side. */
    async pairFills(): Promise<PairFills[]> {
      const exited = sql`${trades.status} = 'closed' and ${trades.exitPrice} is not null and ${trades.exitOrderId} not like 'paper-%'`;
      const { rows } = await db.execute<Record<string, string>>(sql`
        select ${trades.pair} as pair, ${trades.side} as side,
          sum(${trades.quantity})::text as entry_quantity,
          sum(${trades.entryPrice} * ${trades.quantity})::text as entry_quote,
          coalesce(sum(${trades.entryFee}), 0)::text as entry_fee,
          coalesce(sum(${trades.quantity}) filter (where ${exited}), 0)::text as exit_quantity,
          coalesce(sum(${trades.exitPrice} * ${trades.quantity}) filter (where ${exited}), 0)::text as exit_quote,
          coalesce(sum(${trades.exitFee}) filter (where ${exited}), 0)::text as exit_fee
        from ${trades}
        where ${trades.filledAt} is not null and ${trades.entryOrderId} not like 'paper-%'
        group by ${trades.pair}, ${trades.side}`);
      const leg = (row: Record<string, string>, prefix: 'entry' | 'exit') => ({
        quantity: Number(row[`${prefix}_quantity`]),
        quote: Number(row[`${prefix}_quote`]),
        fee: Number(row[`${prefix}_fee`]),
      });
      return rows.map((row) => ({
        pair: row.pair!,
        side: row.side as PairFills['side'],
        entry: leg(row, 'entry'),
        exit: leg(row, 'exit'),
      }));
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
