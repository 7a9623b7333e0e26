/**
 * Offers after their creation: live ones expire at their horizon, and every offer — accepted,
 * rejected, ignored or expired — gets a final outcome against the market data that followed its
 * entry, so live results can be compared with the predicted success rate without survivorship bias.
 *
 * Every offer ends in a final state, so none can hold up the others:
 * - succeeded / failed / neither, judged by `judgeOffer` once candles cover entry → horizon;
 * - unscoreable (with its reason) when it can never be judged: no entry time or price recorded, or
 *   UNSCOREABLE_AFTER_MS past its horizon the stored candles still do not cover it (the pair was
 *   inactive or the source down then, or the window is older than candle retention; the market
 *   never back-fills a hole in the middle of its history).
 * Each run walks the whole unscored list in pages, so offers not yet due never starve the rest.
 */
import type { OrderSide } from '../../db/schema/enums';
import { labelOutcome } from '../../engine/outcomes';
import type { CandleInterval } from '../../providers/market/market-source';
import type { Candle } from '../../shared/candles';
import { HOUR_MS, MINUTE_MS } from '../../shared/time';
import type { OffersLifecycleRepo } from './offers-lifecycle.repo';

export type Outcome = 'succeeded' | 'failed' | 'neither';

/** How long after its horizon an offer may wait for candles before it is called unscoreable. */
export const UNSCOREABLE_AFTER_MS = 24 * HOUR_MS;
const PAGE = 200;

/**
 * The trade as offered. Take-profit and stop-loss are price moves from the entry (gross): the
 * round-trip fee is already inside the offer, whose take-profit is set to at least twice the fee
 * (engine/setups.ts), and the backtest that predicted the success rate labels by the same prices.
 * A family offer has no levels: it holds to its horizon, as the family's validated trades did, and
 * succeeds when its return at the horizon's close is above its round-trip fee (the family's hit
 * rate counts a trade with a net gain the same way).
 */
export interface SuccessDefinition {
  side: OrderSide;
  entryPrice: number;
  takeProfitPercent: number | null;
  stopLossPercent: number | null;
  /** Round trip, percent of the entry. */
  feePercent: number;
}

export interface JudgeWindow {
  /** Market time of the entry (epoch ms); candles opening from then on count. */
  entryAt: number;
  horizonEnd: number;
  /** The candles' interval; coverage is judged to one interval at either end. */
  intervalMs: number;
}

/** How a judged offer ended, as if followed at its stated entry. */
export interface OfferExit {
  outcome: Outcome;
  /** The take-profit or stop-loss price when one was touched, else the horizon's last close. */
  exitPrice: number;
  /** Market time of the exit: the touching candle's open, or the horizon's end. */
  exitAt: number;
  /** The side's price move from entry to exit, before fees, in percent of the entry. */
  grossPercent: number;
}

/**
 * Judges a trade on the candles after its entry with the engine's own rule (engine/outcomes.ts):
 * take-profit first = succeeded, stop-loss first = failed, and a candle touching both counts as
 * failed (the conservative reading: one candle does not say which came first), neither by the
 * horizon = neither. An offer without levels is judged at the horizon's last close. Null when the
 * candles do not cover the window yet (first candle a full interval after the entry, or the last
 * one ending before the horizon).
 */
export function judgeOfferExit(
  definition: SuccessDefinition,
  after: Candle[],
  window: JudgeWindow,
): OfferExit | null {
  const { entryAt, horizonEnd, intervalMs } = window;
  const candles = after.filter((c) => c.time >= entryAt && c.time < horizonEnd);
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last || first.time >= entryAt + intervalMs || last.time + intervalMs < horizonEnd)
    return null;
  const direction = definition.side === 'buy' ? 1 : -1;
  const entry = definition.entryPrice;
  if (definition.takeProfitPercent === null || definition.stopLossPercent === null) {
    const grossPercent = direction * (last.close / entry - 1) * 100;
    return {
      outcome: grossPercent > definition.feePercent ? 'succeeded' : 'failed',
      exitPrice: last.close,
      exitAt: Math.min(horizonEnd, last.time + intervalMs),
      grossPercent,
    };
  }
  const series = {
    time: [entryAt, ...candles.map((c) => c.time)],
    high: [entry, ...candles.map((c) => c.high)],
    low: [entry, ...candles.map((c) => c.low)],
    close: [entry, ...candles.map((c) => c.close)],
    n: candles.length + 1,
  };
  const hours = (horizonEnd - entryAt) / HOUR_MS;
  const tp = definition.takeProfitPercent / 100;
  const sl = definition.stopLossPercent / 100;
  const labelled = labelOutcome(series, 0, definition.side, tp, sl, hours);
  const outcome = labelled.result === 'tp' ? 'succeeded' : labelled.result === 'sl' ? 'failed' : 'neither';
  return {
    outcome,
    exitPrice: entry * (1 + direction * labelled.returnFraction),
    exitAt: Math.min(horizonEnd, entryAt + labelled.hours * HOUR_MS),
    grossPercent: labelled.returnFraction * 100,
  };
}

/** The outcome alone (judgeOfferExit). */
export function judgeOffer(
  definition: SuccessDefinition,
  after: Candle[],
  window: JudgeWindow,
): Outcome | null {
  return judgeOfferExit(definition, after, window)?.outcome ?? null;
}

export interface LifecycleDeps {
  repo: OffersLifecycleRepo;
  loadCandles(pairId: number, interval: CandleInterval, sinceMs: number): Promise<Candle[]>;
  marketNow(): number;
  log?: { warn(details: object, message: string): void };
}

type Pending = Awaited<ReturnType<OffersLifecycleRepo['unscored']>>[number];
type Verdict = { outcome: Outcome | 'unscoreable'; reason: string | null; exit: OfferExit | null } | null;

export function createOfferLifecycle(deps: LifecycleDeps) {
  const { repo } = deps;

  /** The offer's final outcome, or null when it is not due or its candles may still come. */
  async function verdict(offer: Pending, now: number): Promise<Verdict> {
    const raw = offer.provenance?.entryAt;
    const entryAt = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
    if (!Number.isFinite(entryAt))
      return { outcome: 'unscoreable', reason: 'no entry time recorded', exit: null };
    const entryPrice = Number(offer.entryPrice);
    if (!(entryPrice > 0))
      return { outcome: 'unscoreable', reason: `invalid entry price ${offer.entryPrice}`, exit: null };
    const horizonEnd = entryAt + offer.horizonMinutes * MINUTE_MS;
    if (now < horizonEnd) return null;
    const definition: SuccessDefinition = {
      side: offer.side,
      entryPrice,
      takeProfitPercent: offer.takeProfitPercent,
      stopLossPercent: offer.stopLossPercent,
      feePercent: offer.feePercent,
    };
    // Minute candles judge precisely; hourly ones (kept longer) are the fallback.
    for (const [interval, intervalMs] of [
      ['1m', MINUTE_MS],
      ['1h', HOUR_MS],
    ] as const) {
      const candles = await deps.loadCandles(offer.pairId, interval, entryAt);
      const exit = judgeOfferExit(definition, candles, { entryAt, horizonEnd, intervalMs });
      if (exit) return { outcome: exit.outcome, reason: null, exit };
    }
    if (now - horizonEnd < UNSCOREABLE_AFTER_MS) return null;
    return {
      outcome: 'unscoreable',
      reason: 'no stored candles cover the offer from entry to horizon',
      exit: null,
    };
  }

  return {
    /** Live offers past their expiry become `expired`; returns their ids. */
    expireOffers: (now = new Date()): Promise<string[]> => repo.expireDue(now),

    /** Gives every due offer its final outcome; returns how many were settled. */
    scoreOutcomes: async (): Promise<number> => {
      const now = deps.marketNow();
      let settled = 0;
      let after: string | undefined;
      for (;;) {
        const page = await repo.unscored(PAGE, after);
        for (const offer of page) {
          try {
            const result = await verdict(offer, now);
            if (!result) continue;
            await repo.setOutcome(offer.id, {
              outcome: result.outcome,
              reason: result.reason,
              at: new Date(),
              exit: result.exit && {
                exitPrice: result.exit.exitPrice,
                exitAt: result.exit.exitAt,
                netPercent: result.exit.grossPercent - offer.feePercent,
              },
            });
            settled += 1;
          } catch (error) {
            // One offer's failure (e.g. a candle read) is retried next run; the rest go on.
            deps.log?.warn({ offerId: offer.id, err: error }, 'offer scoring failed');
          }
        }
        const last = page.at(-1);
        if (!last || page.length < PAGE) return settled;
        after = last.id;
      }
    },
  };
}

export type OfferLifecycle = ReturnType<typeof createOfferLifecycle>;
