import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyses, candles, cryptoPairs, offers, tickerLogs, triggers } from '../../db/schema';
import { ACTIVE_TRIGGER_WINDOW_MS } from '../analysis/analysis-record';

export function createPairsRepo(db: Database) {
  return {
    async findPair(symbol: string) {
      const [row] = await db
        .select({ id: cryptoPairs.id, symbol: cryptoPairs.symbol, active: cryptoPairs.active })
        .from(cryptoPairs)
        .where(eq(cryptoPairs.symbol, symbol));
      return row ?? null;
    },

    async knownSymbols(symbols: string[]): Promise<Set<string>> {
      if (symbols.length === 0) return new Set();
      const rows = await db
        .select({ symbol: cryptoPairs.symbol })
        .from(cryptoPairs)
        .where(inArray(cryptoPairs.symbol, symbols));
      return new Set(rows.map((r) => r.symbol));
    },

    async latestTicker(pairId: number) {
      const [row] = await db
        .select()
        .from(tickerLogs)
        .where(eq(tickerLogs.pairId, pairId))
        .orderBy(desc(tickerLogs.timestamp))
        .limit(1);
      return row ?? null;
    },

    async latestAnalysis(pairId: number) {
      const [row] = await db
        .select({
          id: analyses.id,
          completedAt: analyses.completedAt,
          density: analyses.density,
          figures: analyses.figures,
        })
        .from(analyses)
        .where(and(eq(analyses.pairId, pairId), eq(analyses.status, 'completed')))
        .orderBy(desc(analyses.completedAt))
        .limit(1);
      return row ?? null;
    },

    async liveOffers(pairId: number, now: Date) {
      return db
        .select({ id: offers.id, positionType: offers.positionType, heatScore: offers.heatScore })
        .from(offers)
        .where(
          and(eq(offers.pairId, pairId), inArray(offers.status, ['open', 'hot']), gt(offers.expiresAt, now)),
        )
        .orderBy(desc(offers.heatScore), desc(offers.createdAt));
    },

    /** Types of the pair's triggers that fired within the active window, most recent first. */
    async activeTriggerTypes(symbol: string, now: Date): Promise<string[]> {
      const rows = await db
        .select({ type: triggers.type })
        .from(triggers)
        .where(
          and(
            eq(triggers.symbol, symbol),
            eq(triggers.active, true),
            gt(triggers.lastFiredAt, new Date(now.getTime() - ACTIVE_TRIGGER_WINDOW_MS)),
          ),
        )
        .orderBy(desc(triggers.lastFiredAt));
      return [...new Set(rows.map((r) => r.type))];
    },

    /**
     * The 24 hourly candles up to the pair's latest one, folded into one: range, base volume, first
     * open, last close. Anchored on the data, not the wall clock (a replayed market runs on its own).
     */
    async lastDay(pairId: number) {
      const [row] = await db
        .select({
          high: sql<string | null>`max(${candles.high})`,
          low: sql<string | null>`min(${candles.low})`,
          volume: sql<string | null>`sum(${candles.volume})`,
          open: sql<string | null>`(array_agg(${candles.open} order by ${candles.openTime} asc))[1]`,
          close: sql<string | null>`(array_agg(${candles.close} order by ${candles.openTime} desc))[1]`,
          lastOpen: sql<string | null>`max(${candles.openTime})`,
        })
        .from(candles)
        .where(
          and(
            eq(candles.pairId, pairId),
            eq(candles.interval, '1h'),
            sql`${candles.openTime} > (select max(c.open_time) - interval '24 hours' from ${candles} c where c.pair_id = ${pairId} and c.interval = '1h')`,
          ),
        );
      if (!row?.close || !row.open || !row.high || !row.low || !row.lastOpen) return null;
      return {
        high: Number(row.high),
        low: Number(row.low),
        volume: Number(row.volume ?? 0),
        open: Number(row.open),
        close: Number(row.close),
        closedAt: new Date(new Date(row.lastOpen).getTime() + 3_600_000),
      };
    },
  };
}

export type PairsRepo = ReturnType<typeof createPairsRepo>;
