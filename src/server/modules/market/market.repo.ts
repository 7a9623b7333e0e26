/** Market tables: pairs and ticker logs (candles are in candles.repo.ts). */
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cryptoPairs, tickerLogs } from '../../db/schema';
import type { MarketTicker } from '../../providers/market/market-source';

export type CryptoPairRow = typeof cryptoPairs.$inferSelect;
export type NewCryptoPair = typeof cryptoPairs.$inferInsert;
export type TickerLogRow = typeof tickerLogs.$inferSelect;
export type PairOrderLimits = Pick<CryptoPairRow, 'id' | 'orderMin' | 'costMin'>;
export type PairRowChanges = Partial<
  Pick<
    NewCryptoPair,
    'symbol' | 'krakenSymbol' | 'base' | 'quote' | 'active' | 'dynamicConfig' | 'deactivationAttempts'
  >
>;

/** Rows per bulk statement: keeps each hold of PGlite's single connection short. */
const BULK_ROWS = 200;

export function createMarketRepo(db: Queryable) {
  return {
    listPairs(): Promise<CryptoPairRow[]> {
      return db.select().from(cryptoPairs).orderBy(asc(cryptoPairs.symbol));
    },

    /** Active pairs, all or only those of `symbols`, by symbol. */
    activePairs(symbols?: string[]): Promise<CryptoPairRow[]> {
      return db
        .select()
        .from(cryptoPairs)
        .where(and(eq(cryptoPairs.active, true), symbols ? inArray(cryptoPairs.symbol, symbols) : undefined))
        .orderBy(asc(cryptoPairs.symbol));
    },

    /** `forUpdate` (inside a transaction): concurrent admin edits of the pair queue up. */
    async findPair(
      symbol: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<CryptoPairRow | undefined> {
      const query = db.select().from(cryptoPairs).where(eq(cryptoPairs.symbol, symbol));
      const [row] = await (options.forUpdate ? query.for('update') : query);
      return row;
    },

    async insertPairs(rows: NewCryptoPair[]): Promise<void> {
      if (rows.length > 0) await db.insert(cryptoPairs).values(rows);
    },

    async updatePair(id: number, changes: PairRowChanges): Promise<CryptoPairRow | undefined> {
      const [row] = await db.update(cryptoPairs).set(changes).where(eq(cryptoPairs.id, id)).returning();
      return row;
    },

    async insertPair(row: NewCryptoPair): Promise<CryptoPairRow> {
      const [inserted] = await db.insert(cryptoPairs).values(row).returning();
      return inserted!;
    },

    async findPairByKrakenSymbol(krakenSymbol: string): Promise<CryptoPairRow | undefined> {
      const [row] = await db.select().from(cryptoPairs).where(eq(cryptoPairs.krakenSymbol, krakenSymbol));
      return row;
    },

    /** Writes the exchange's order minimums of these pairs (null: the source does not say). */
    async updateOrderLimits(rows: PairOrderLimits[]): Promise<void> {
      for (let i = 0; i < rows.length; i += BULK_ROWS) {
        const values = sql.join(
          rows
            .slice(i, i + BULK_ROWS)
            .map(
              (r) =>
                sql`(${r.id}::integer, ${nullableNumeric(r.orderMin)}::numeric, ${nullableNumeric(r.costMin)}::numeric)`,
            ),
          sql`, `,
        );
        await db.execute(sql`
          update crypto_pairs as p
          set order_min = v.order_min, cost_min = v.cost_min, updated_at = now()
          from (values ${values}) as v(id, order_min, cost_min)
          where p.id = v.id`);
      }
    },

    async deactivatePairs(ids: number[]): Promise<void> {
      if (ids.length > 0)
        await db.update(cryptoPairs).set({ active: false }).where(inArray(cryptoPairs.id, ids));
    },

    /** One more failed refresh; the pair goes inactive when the count reaches `limit`. */
    async recordFailure(id: number, limit: number): Promise<{ attempts: number; active: boolean }> {
      const result = await db.execute<{ attempts: number; active: boolean }>(sql`
        update crypto_pairs
        set deactivation_attempts = deactivation_attempts + 1,
            active = case when deactivation_attempts + 1 >= ${limit} then false else active end,
            updated_at = now()
        where id = ${id}
        returning deactivation_attempts as attempts, active`);
      const row = result.rows[0];
      if (!row) throw new Error(`crypto pair ${id} vanished`);
      return row;
    },

    async resetFailures(id: number): Promise<void> {
      await db.update(cryptoPairs).set({ deactivationAttempts: 0 }).where(eq(cryptoPairs.id, id));
    },

    /** Best bid/ask of the pair's latest ticker log, or null when none has a quote. */
    async latestQuote(pairId: number): Promise<{ bid: number; ask: number } | null> {
      const [row] = await db
        .select({ bid: tickerLogs.bid, ask: tickerLogs.ask })
        .from(tickerLogs)
        .where(eq(tickerLogs.pairId, pairId))
        .orderBy(desc(tickerLogs.timestamp))
        .limit(1);
      if (!row?.bid || !row.ask) return null;
      return { bid: Number(row.bid), ask: Number(row.ask) };
    },

    async insertTickerLog(pairId: number, ticker: MarketTicker): Promise<void> {
      await db.insert(tickerLogs).values({
        pairId,
        price: numeric(ticker.price),
        volume: numeric(ticker.volume24h),
        percentage: numeric(ticker.change24hPercent),
        bid: numeric(ticker.bid),
        ask: numeric(ticker.ask),
        timestamp: new Date(ticker.timestamp),
      });
    },

    async deleteTickerLogsBefore(cutoff: number): Promise<number> {
      const removed = await db
        .delete(tickerLogs)
        .where(lt(tickerLogs.timestamp, new Date(cutoff)))
        .returning({ id: tickerLogs.id });
      return removed.length;
    },

    async findPairById(id: number): Promise<CryptoPairRow | undefined> {
      const [row] = await db.select().from(cryptoPairs).where(eq(cryptoPairs.id, id));
      return row;
    },

    async deletePair(id: number): Promise<void> {
      await db.delete(cryptoPairs).where(eq(cryptoPairs.id, id));
    },

    async activePairCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(cryptoPairs).where(eq(cryptoPairs.active, true));
      return row?.n ?? 0;
    },

    async latestTicker(pairId: number): Promise<TickerLogRow | null> {
      const [row] = await db
        .select()
        .from(tickerLogs)
        .where(eq(tickerLogs.pairId, pairId))
        .orderBy(desc(tickerLogs.timestamp))
        .limit(1);
      return row ?? null;
    },

    /** Latest ticker log per pair: 24 h base volume × price = quote volume. */
    async latestQuoteVolumes(pairIds: number[]): Promise<Map<number, number>> {
      if (pairIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([tickerLogs.pairId], {
          pairId: tickerLogs.pairId,
          price: tickerLogs.price,
          volume: tickerLogs.volume,
        })
        .from(tickerLogs)
        .where(inArray(tickerLogs.pairId, pairIds))
        .orderBy(tickerLogs.pairId, desc(tickerLogs.timestamp));
      const volumes = new Map<number, number>();
      for (const row of rows) {
        if (row.volume !== null) volumes.set(row.pairId, Number(row.volume) * Number(row.price));
      }
      return volumes;
    },
  };
}

export type MarketRepo = ReturnType<typeof createMarketRepo>;

function nullableNumeric(value: number | null): string | null {
  return value === null ? null : numeric(value);
}

/** A finite number as PostgreSQL numeric text (String gives e.g. 1e-7, which numeric accepts). */
export function numeric(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
}
