import type { FeedbackInput, ListOffersQuery, Offer } from '../../../contract/offers';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { CandleInterval } from '../../providers/market/market-source';
import type { EventBus } from '../../realtime/event-bus';
import type { Candle } from '../../shared/candles';
import { createOfferActions } from './offer-actions';
import { createOfferLifecycle } from './offer-lifecycle';
import { toOffer, type OfferRow } from './offer-dto';
import { createLiveOffersStore } from './live-offers.store';
import { selectLiveOffers } from './live-offers.query';
import { publishOffer, type PublishInput, type PublishResult } from './offer-publisher';
import { createOffersLifecycleRepo } from './offers-lifecycle.repo';
import { createOffersRepo } from './offers.repo';
import { isUuid } from '../../shared/uuid';

export type { PublishInput, PublishResult };
export type { OfferForAccept } from './offer-actions';
export { offerForAccept } from './offer-actions';
export { ALREADY_ACTED, OFFER_UNAVAILABLE } from './offer-actions';
/** The gate's verdict for one pair (the analysis pipeline publishes by it). */
export { pairGateOf } from './gate-offer';

export interface OffersDeps {
  db: Database;
  bus: EventBus;
  /** The market module: symbols of pairs by id. */
  pairSymbols(pairIds: number[]): Promise<Map<number, string>>;
  /** The market module: 24 h quote volume of pairs (offers made before volumes were stored). */
  latestQuoteVolumes(pairIds: number[]): Promise<Map<number, number>>;
  loadCandles(pairId: number, interval: CandleInterval, sinceMs: number): Promise<Candle[]>;
  /** The market's clock (scoring judges horizons in market time). */
  marketNow(): number;
  now?: () => Date;
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

function bounds(name: string, min: number | undefined, max: number | undefined) {
  const range = [min ?? 0, max ?? 100] as const;
  if (range[0] > range[1]) throw badRequest(`min${name} must not be greater than max${name}`);
  return range;
}

/** A blank comma list (`positionType=`) means no filter, like an absent one. */
const listOrUndefined = <T>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);

/**
 * The offers module: the trader's list and feedback, and the whole life of an offer (published
 * from an analysis, expired at its horizon, scored). Other modules reach the offers tables only here.
 */
export function createOffersService(deps: OffersDeps) {
  const repo = createOffersRepo(deps.db);
  const lifecycleRepo = createOffersLifecycleRepo(deps.db);
  const log = deps.log ?? console;
  const lifecycle = createOfferLifecycle({
    repo: lifecycleRepo,
    loadCandles: (pairId, interval, since) => deps.loadCandles(pairId, interval, since),
    marketNow: () => deps.marketNow(),
    log,
  });
  const now = deps.now ?? (() => new Date());

  /** Rows as the contract's offers, with volume and leverage (two bulk look-ups, not one per row). */
  async function toOffers(rows: OfferRow[]): Promise<Offer[]> {
    const pairIds = [...new Set(rows.map((row) => row.pairId))];
    // The offer's own figure (24 h quote volume when it was made) first, the latest ticker otherwise.
    const missing = [...new Set(rows.filter((row) => row.volume === null).map((row) => row.pairId))];
    const [symbols, latest] = await Promise.all([
      deps.pairSymbols(pairIds),
      deps.latestQuoteVolumes(missing),
    ]);
    return rows.flatMap((row) => {
      const pair = symbols.get(row.pairId);
      if (!pair) return [];
      const volume = row.volume !== null ? Number(row.volume) : (latest.get(row.pairId) ?? null);
      return [toOffer(row, pair, { volume, leverage: row.leverage })];
    });
  }

  const live = createLiveOffersStore({
    bus: deps.bus,
    loadLive: async () => toOffers(await repo.liveRows()),
    actedOfferIds: (userId) => repo.actedOfferIds(userId),
    log,
    now: () => now().getTime(),
  });

  const actions = createOfferActions({
    db: deps.db,
    find: (offerId) => repo.find(offerId),
    pairSymbols: (pairIds) => deps.pairSymbols(pairIds),
    forgetActed: (userId) => live.forgetActed(userId),
    now,
  });

  return {
    /** Reject (offer-actions.ts); an accept records its action in its own first step. */
    ...actions,

    /** GET /api/offers as its JSON text: never an offer the trader has accepted or rejected. */
    async listJson(userId: string, query: ListOffersQuery): Promise<string> {
      const success = bounds('SuccessRate', query.minSuccessRate, query.maxSuccessRate);
      const heat = bounds('HeatScore', query.minHeatScore, query.maxHeatScore);
      const { offers, acted } = await live.snapshot(userId, query);
      const { page, total } = selectLiveOffers(offers, {
        statuses: listOrUndefined(query.status) ?? ['open', 'hot'],
        positionTypes: listOrUndefined(query.positionType),
        riskLevels: listOrUndefined(query.riskLevel),
        success,
        heat,
        search: query.search || undefined,
        offset: query.offset,
        limit: query.limit,
        now: now(),
        acted,
      });
      return `{"data":[${page.map((item) => item.toJson(query.include)).join(',')}],"total":${total}}`;
    },

    /** Re-reads the live offers (rows written outside this module: tests, manual repairs). */
    reloadLive: () => live.reload(),
    /** After an accept or reject is recorded: the trader's next list leaves that offer out. */
    forgetActed: (userId: string) => live.forgetActed(userId),
    /** Stops following offer events. */
    close: () => live.close(),

    /** One offer with volume and leverage filled in (the payload of new_offer / offer_update). */
    async get(offerId: string): Promise<Offer | null> {
      if (!isUuid(offerId)) return null;
      const row = await repo.find(offerId);
      if (!row) return null;
      return (await toOffers([row]))[0] ?? null;
    },

    async addFeedback(userId: string, offerId: string, input: FeedbackInput): Promise<void> {
      if (!isUuid(offerId) || !(await repo.exists(offerId))) throw notFound('Offer not found');
      await repo.addFeedback({ userId, offerId, type: input.type, text: input.text?.trim() || null });
    },

    /** Turns an analysis' signal into an offer, or refreshes the pair's live ones (offer-publisher.ts). */
    publish: (input: PublishInput): Promise<PublishResult> => publishOffer(lifecycleRepo, input),

    /** Live (open/hot, unexpired) offers of these pairs, hottest first. */
    liveOffers: (pairIds: number[], at = now()) => lifecycleRepo.live(pairIds, at),

    /** Settled offers with a real outcome, grouped for Signal Quality. */
    outcomeStats: (since: Date | null) => lifecycleRepo.outcomeStats(since),
    /** Every published offer by outcome, not yet scored and unscoreable included (Signal Quality). */
    outcomeTally: (since: Date | null) => lifecycleRepo.outcomeTally(since),

    expireOffers: lifecycle.expireOffers,
    scoreOutcomes: lifecycle.scoreOutcomes,
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
