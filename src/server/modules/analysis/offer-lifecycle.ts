import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cryptoPairs, offers } from '../../db/schema';
import type { Candle, Direction } from '../../engine/types';
import type { CandleInterval } from '../../providers/market/market-source';

export type Outcome = 'succeeded' | 'failed' | 'neither';

export interface SuccessDefinition {
  direction: Direction;
  entryPrice: number;
  takeProfitPercent: number;
  stopLossPercent: number;
  horizonMinutes: number;
}

export interface LifecycleDeps {
  db: Database;
  loadCandles(pairId: number, interval: CandleInterval, sinceMs: number): Promise<Candle[]>;
  /** The engine's own labelling, so live results and backtests judge a signal the same way. */
  labelOutcome(definition: SuccessDefinition, after: Candle[]): Outcome | null;
  marketNow(): number;
}

/**
 * Offers after their creation: live ones expire at their horizon, and every offer — accepted,
 * rejected, ignored or expired — is scored at its horizon against the market data that followed
 * its data cutoff, so live results can be compared with the predicted success rate without
 * survivorship bias.
 */
export function createOfferLifecycle(deps: LifecycleDeps) {
  const { db } = deps;

  return {
    /** Live offers past their expiry become `expired`; returns their ids. */
    async expireOffers(now = new Date()): Promise<string[]> {
      const expired = await db
        .update(offers)
        .set({ status: 'expired', updatedAt: now })
        .where(and(inArray(offers.status, ['open', 'hot']), lte(offers.expiresAt, now)))
        .returning({ id: offers.id });
      return expired.map((row) => row.id);
    },

    /** Scores every unscored offer whose horizon has passed in market time; returns how many. */
    async scoreOutcomes(limit = 200): Promise<number> {
      const pending = await db
        .select({
          id: offers.id,
          pairId: offers.pairId,
          direction: offers.direction,
          entryPrice: offers.entryPrice,
          takeProfitPercent: offers.takeProfitPercent,
          stopLossPercent: offers.stopLossPercent,
          horizonMinutes: offers.horizonMinutes,
          dataCutoff: offers.dataCutoff,
        })
        .from(offers)
        .innerJoin(cryptoPairs, eq(cryptoPairs.id, offers.pairId))
        .where(isNull(offers.outcome))
        .orderBy(asc(offers.createdAt))
        .limit(limit);
      let scored = 0;
      for (const offer of pending) {
        if (!offer.dataCutoff) continue;
        // The signal saw the hourly candle opening at dataCutoff; its trade starts when that candle closes.
        const start = offer.dataCutoff.getTime() + 3_600_000;
        if (deps.marketNow() < start + offer.horizonMinutes * 60_000) continue;
        const definition: SuccessDefinition = {
          direction: offer.direction,
          entryPrice: Number(offer.entryPrice),
          takeProfitPercent: offer.takeProfitPercent,
          stopLossPercent: offer.stopLossPercent,
          horizonMinutes: offer.horizonMinutes,
        };
        const end = start + offer.horizonMinutes * 60_000;
        const window = async (interval: CandleInterval) =>
          (await deps.loadCandles(offer.pairId, interval, start)).filter((c) => c.time < end);
        // Minute candles judge short horizons precisely; hourly ones (kept longer) are the fallback.
        const outcome =
          (offer.horizonMinutes < 360 ? deps.labelOutcome(definition, await window('1m')) : null) ??
          deps.labelOutcome(definition, await window('1h'));
        if (!outcome) continue;
        await db.update(offers).set({ outcome, outcomeAt: new Date() }).where(eq(offers.id, offer.id));
        scored += 1;
      }
      return scored;
    },
  };
}

export type OfferLifecycle = ReturnType<typeof createOfferLifecycle>;
