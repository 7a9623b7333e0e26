import { and, count, desc, eq, gte, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { columnsJson, tableRowOf } from '../../db/table-row';
import type { Database, Queryable } from '../../db/client';
import type { UserBalances } from '../ledger/ledger.service';
import { trades } from '../../db/schema';
import type { UnknownOrder } from '../../db/schema/trading';
import type { Fill } from '../../providers/execution';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;

export interface StoredFill {
  entryPrice: string;
  quantity: string;
  entryFee: string;
  feeCents: number;
  entryOrderId: string;
  filledAt: Date;
  profitPercent: number;
}

/** An entry fill as the trade row stores it; `profitPercent` is the first mark of closing now. */
export function storedFillOf(fill: Fill, profitPercent: number): StoredFill {
  return {
    entryPrice: String(fill.averagePrice),
    quantity: String(fill.quantity),
    entryFee: String(fill.feeQuote),
    feeCents: Math.round(fill.feeQuote * 100),
    entryOrderId: fill.orderId,
    filledAt: new Date(fill.filledAt),
    profitPercent,
  };
}

export interface ClosedValues {
  exitPrice: string;
  exitFee: string;
  exitOrderId: string;
  feeCents: number;
  profitCents: number;
  profitPercent: number;
  closeReason: 'auto_close' | 'stop_loss' | 'expired';
  closedAt: Date;
}

const isOpen = eq(trades.status, 'open');

export function createTradingRepo(db: Database) {
  return {
    /**
     * Step A of an accept in one statement (migration 0019's `open_trade_checked` around 0016's
     * `open_trade`): the kill switch and the Free plan's monthly limit judged under their locks,
     * then the acceptance, the trade, the entry moved into positions, the open-trade limit checked
     * under the ledger's lock, the audit row. Returns the trade and the trader's balances after
     * it, read under that lock. Refusals are SQLSTATEs: HS001 the entry does not fit the balance,
     * HS002 over `maxOpenTrades`, HS003 the trader already acted on the offer, HS005 trading is
     * halted (DETAIL the reason), HS006 the Free plan's accepts of this month are used.
     */
    async openTrade(
      values: NewTrade,
      limits: { maxOpenTrades: number; freeLimit: number; monthStart: Date; at: Date },
    ): Promise<{ row: TradeRow; balances: UserBalances }> {
      const { rows } = await db.execute<Record<string, unknown> & { balances: UserBalances }>(
        sql`select (t.trade).*, t.balances from open_trade_checked(${columnsJson(trades, values)}::jsonb,
          ${limits.maxOpenTrades}::integer, ${limits.freeLimit}::integer,
          ${limits.monthStart.toISOString()}::timestamptz, ${limits.at.toISOString()}::timestamptz) as t`,
      );
      if (!rows[0]) throw new Error('open_trade_checked returned no row');
      return { row: tableRowOf(trades, rows[0]), balances: rows[0].balances };
    },

    /**
     * Step C of an accept in one statement (`store_trade_fill`): the real entry fill, only while
     * the trade is open and not yet filled (SQLSTATE HS004 otherwise), and with `answer` the
     * Idempotency-Key's answer (200) in the same commit.
     */
    async storeFill(
      id: string,
      fill: StoredFill,
      answer?: { userId: string; key: string; response: unknown },
    ): Promise<TradeRow> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`select * from store_trade_fill(
        ${id}::uuid, ${columnsJson(trades, fill)}::jsonb, ${answer?.userId ?? null}::text, ${answer?.key ?? null}::text,
        ${answer ? JSON.stringify(answer.response) : null}::jsonb)`);
      if (!rows[0]) throw new Error('store_trade_fill returned no row');
      return tableRowOf(trades, rows[0]);
    },

    /** The entry order failed: nothing is held any more. */
    async markFailed(tx: Queryable, id: string, closedAt: Date): Promise<TradeRow | null> {
      const [row] = await tx
        .update(trades)
        .set({
          status: 'failed',
          closeReason: 'error',
          closedAt,
          profitPercent: 0,
          profitCents: 0,
          unknownOrder: null,
        })
        .where(and(eq(trades.id, id), isOpen, isNull(trades.filledAt)))
        .returning();
      return row ?? null;
    },

    /** Newest first. */
    listByUser(userId: string, offset: number, limit: number): Promise<TradeRow[]> {
      return db
        .select()
        .from(trades)
        .where(eq(trades.userId, userId))
        .orderBy(desc(trades.openedAt), desc(trades.id))
        .offset(offset)
        .limit(limit);
    },

    /** Accepts since `since` that still count (a trade whose entry failed was never accepted). */
    async acceptsSince(userId: string, since: Date, tx: Queryable = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(trades)
        .where(and(eq(trades.userId, userId), gte(trades.openedAt, since), ne(trades.status, 'failed')));
      return row?.n ?? 0;
    },

    async countByUser(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(trades).where(eq(trades.userId, userId));
      return row?.n ?? 0;
    },

    async findForUser(id: string, userId: string): Promise<TradeRow | null> {
      const [row] = await db
        .select()
        .from(trades)
        .where(and(eq(trades.id, id), eq(trades.userId, userId)));
      return row ?? null;
    },

    /** Every open trade (the monitor's work list; partial index on open trades). */
    openTrades(): Promise<TradeRow[]> {
      return db.select().from(trades).where(isOpen);
    },

    /**
     * Takes the close lease: only one monitor at a time may execute a trade's exit. A lease taken
     * before `staleBefore` belonged to a monitor that stopped and may be retaken. The exit about
     * to be sent is written down with it (`unknown_order` without an error), so if this process
     * dies mid-order the next one looks the order up instead of sending a second exit; a trade
     * with an order written down is not claimed again until that order is resolved.
     */
    async claimClose(
      id: string,
      claimedAt: Date,
      staleBefore: Date,
      closeReason: ClosedValues['closeReason'],
    ): Promise<boolean> {
      const intent: UnknownOrder = { leg: 'exit', closeReason };
      const rows = await db
        .update(trades)
        .set({ closeClaimedAt: claimedAt, unknownOrder: intent })
        .where(
          and(
            eq(trades.id, id),
            isOpen,
            isNotNull(trades.filledAt),
            isNull(trades.unknownOrder),
            or(isNull(trades.closeClaimedAt), lt(trades.closeClaimedAt, staleBefore)),
          ),
        )
        .returning({ id: trades.id });
      return rows.length === 1;
    },

    /** The exit certainly did not trade: the lease and the written-down order are given back. */
    async releaseClaim(id: string, claimedAt: Date): Promise<TradeRow | null> {
      const [row] = await db
        .update(trades)
        .set({ closeClaimedAt: null, unknownOrder: null })
        .where(and(eq(trades.id, id), eq(trades.closeClaimedAt, claimedAt)))
        .returning();
      return row ?? null;
    },

    /** An order of this open trade whose outcome is not known: the trade waits for the lookup. */
    async markOrderUnknown(id: string, unknown: UnknownOrder, tx: Queryable = db): Promise<TradeRow | null> {
      const [row] = await tx
        .update(trades)
        .set({ unknownOrder: unknown })
        .where(and(eq(trades.id, id), isOpen))
        .returning();
      return row ?? null;
    },

    /** Closes the trade if it is still open under this monitor's lease; null otherwise. */
    async close(tx: Queryable, id: string, claimedAt: Date, values: ClosedValues): Promise<TradeRow | null> {
      const [row] = await tx
        .update(trades)
        .set({ ...values, status: 'closed', unknownOrder: null })
        .where(and(eq(trades.id, id), isOpen, eq(trades.closeClaimedAt, claimedAt)))
        .returning();
      return row ?? null;
    },

    /** The open trades taken from an offer end when it now ends (its family held on or let go). */
    async moveEnds(offerId: string, expiresAt: Date): Promise<void> {
      await db
        .update(trades)
        .set({ expiresAt })
        .where(and(eq(trades.offerId, offerId), isOpen));
    },

    /** Unrealised profit of open trades, one statement for the whole tick. */
    async updateMarks(marks: { id: string; profitPercent: number }[]): Promise<void> {
      if (marks.length === 0) return;
      const values = sql.join(
        marks.map((m) => sql`(${m.id}::uuid, ${m.profitPercent}::double precision)`),
        sql`, `,
      );
      await db.execute(sql`
        update ${trades} set profit_percent = marks.profit
        from (values ${values}) as marks(id, profit)
        where ${trades.id} = marks.id and ${trades.status} = 'open'`);
    },

    async stats(userId: string) {
      const [row] = await db
        .select({
          open: sql<number>`count(*) filter (where ${trades.status} = 'open')::int`,
          closed: sql<number>`count(*) filter (where ${trades.status} = 'closed')::int`,
          wins: sql<number>`count(*) filter (where ${trades.status} = 'closed' and ${trades.profitCents} > 0)::int`,
        })
        .from(trades)
        .where(eq(trades.userId, userId));
      return { open: row?.open ?? 0, closed: row?.closed ?? 0, wins: row?.wins ?? 0 };
    },
  };
}

export type TradingRepo = ReturnType<typeof createTradingRepo>;
