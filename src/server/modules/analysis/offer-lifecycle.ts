import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offers } from '../../db/schema';
import type { OrderSide } from '../../db/schema/enums';
import { labelOutcome as engineLabel } from '../../engine/outcomes';
import type { Candle } from '../../engine/types';
import type { CandleInterval } from '../../providers/market/market-source';

export type Outcome = 'succeeded' | 'failed' | 'neither';

export interface SuccessDefinition {
  side: OrderSide;
  entryPrice: number;
  takeProfitPercent: number;
  stopLossPercent: number;
}

/**
 * Judges a trade on the candles after its entry with the engine's own rule (take-profit first =
 * succeeded, stop-loss first = failed, a candle touching both = failed, neither by the end =
 * neither), so live results and backtests mean the same thing. `after` must span the whole
 * horizon; null when it does not yet.
 */
export function judgeOffer(
  definition: SuccessDefinition,
  after: Candle[],
  horizonEnd: number,
): Outcome | null {
  const last = after.at(-1);
  if (!last || last.time < horizonEnd - 60_000 * 60) return null;
  const series = {
    time: [after[0]!.time - 1, ...after.map((c) => c.time)],
    high: [definition.entryPrice, ...after.map((c) => c.high)],
    low: [definition.entryPrice, ...after.map((c) => c.low)],
    close: [definition.entryPrice, ...after.map((c) => c.close)],
    n: after.length + 1,
  };
  const hours = (horizonEnd - series.time[0]!) / 3_600_000;
  const tp = definition.takeProfitPercent / 100;
  const sl = definition.stopLossPercent / 100;
  const { result } = engineLabel(series, 0, definition.side, tp, sl, hours);
  if (result === 'tp') return 'succeeded';
  if (result === 'sl') return 'failed';
  return 'neither';
}

export interface LifecycleDeps {
  db: Database;
  loadCandles(pairId: number, interval: CandleInterval, sinceMs: number): Promise<Candle[]>;
  marketNow(): number;
}

/**
 * Offers after their creation: live ones expire at their horizon, and every offer — accepted,
 * rejected, ignored or expired — is scored at its horizon against the market data that followed
 * its entry, so live results can be compared with the predicted success rate without
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
          side: offers.side,
          entryPrice: offers.entryPrice,
          takeProfitPercent: offers.takeProfitPercent,
          stopLossPercent: offers.stopLossPercent,
          horizonMinutes: offers.horizonMinutes,
          provenance: offers.provenance,
        })
        .from(offers)
        .where(isNull(offers.outcome))
        .orderBy(asc(offers.createdAt))
        .limit(limit);
      let scored = 0;
      for (const offer of pending) {
        const raw = offer.provenance?.entryAt;
        const entryAt = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
        if (!Number.isFinite(entryAt)) continue;
        const end = entryAt + offer.horizonMinutes * 60_000;
        if (deps.marketNow() < end) continue;
        const definition: SuccessDefinition = {
          side: offer.side,
          entryPrice: Number(offer.entryPrice),
          takeProfitPercent: offer.takeProfitPercent,
          stopLossPercent: offer.stopLossPercent,
        };
        const window = async (interval: CandleInterval) =>
          (await deps.loadCandles(offer.pairId, interval, entryAt)).filter((c) => c.time < end);
        // Minute candles judge precisely; hourly ones (kept longer) are the fallback.
        const outcome =
          judgeOffer(definition, await window('1m'), end) ?? judgeOffer(definition, await window('1h'), end);
        if (!outcome) continue;
        await db.update(offers).set({ outcome, outcomeAt: new Date() }).where(eq(offers.id, offer.id));
        scored += 1;
      }
      return scored;
    },
  };
}

export type OfferLifecycle = ReturnType<typeof createOfferLifecycle>;
