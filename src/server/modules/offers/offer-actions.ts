/**
 * A trader's accept or reject of an offer, as the offers module sees it. An accept is composed by
 * the trading module: its read side reads the offer with its other checks (`offerForAccept` maps
 * the row), and its first step (`open_trade`) records the acceptance with the money movement, so
 * both commit or neither does. A reject is recorded here. One action per trader and offer (unique
 * constraint): a second one is refused with 409.
 */
import type { Database, Queryable } from '../../db/client';
import type { Direction, OrderSide, PositionType } from '../../db/schema/enums';
import { conflict, notFound } from '../../http/errors';
import { tradeEndOf } from './gate-offer';
import type { OfferRow } from './offer-dto';
import { createUserOffersRepo, type NewUserOfferAction } from './user-offers.repo';
import { isUuid } from '../../shared/uuid';

export const OFFER_UNAVAILABLE = 'Offer is no longer available';
export const ALREADY_ACTED = 'You have already acted on this offer';

/** What an accept needs to know about an offer: its trade as offered and whether it is still live. */
export interface OfferForAccept {
  id: string;
  pairId: number;
  pair: string;
  positionType: PositionType;
  direction: Direction;
  side: OrderSide;
  /** open or hot, and not past its expiration. */
  live: boolean;
  createdAt: Date;
  expiresAt: Date;
  /** Market time of the entry price (the market's clock), or null for offers that did not record it. */
  entryAt: number | null;
  /**
   * When a trade taken from it closes at the latest, on the market's clock (the trade monitor's):
   * the offer's horizon, plus the grace a family's position keeps for its next daily close.
   */
  tradeEndsAt: Date;
  entryPrice: number;
  /** Null for a family offer, held to its expiration (gate-offer.ts). */
  takeProfitPercent: number | null;
  stopLossPercent: number | null;
  /** Net of `feePercent` (the round-trip fee the engine assumed). */
  expectedProfitPercent: number;
  feePercent: number;
  /** Whether the trader it was read for already accepted or rejected it (read with the offer). */
  acted: boolean;
}

export interface OfferActionsDeps {
  db: Database;
  find(offerId: string): Promise<OfferRow | null>;
  pairSymbols(pairIds: number[]): Promise<Map<number, string>>;
  forgetActed(userId: string): void;
  now(): Date;
}

/**
 * An offer row as an accept sees it, on the offers' wall clock `now`; `acted` says whether the
 * trader it was read for already accepted or rejected it.
 */
export function offerForAccept(
  row: OfferRow,
  input: { pair: string; acted: boolean; now: Date },
): OfferForAccept {
  const rawEntryAt = row.provenance?.entryAt;
  const entryAt = typeof rawEntryAt === 'string' ? Date.parse(rawEntryAt) : Number.NaN;
  return {
    id: row.id,
    pairId: row.pairId,
    pair: input.pair,
    positionType: row.positionType,
    direction: row.direction,
    side: row.side,
    live: (row.status === 'open' || row.status === 'hot') && row.expiresAt > input.now,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    entryAt: Number.isFinite(entryAt) ? entryAt : null,
    tradeEndsAt: Number.isFinite(entryAt)
      ? new Date(
          tradeEndOf({
            entryAt,
            horizonMinutes: row.horizonMinutes,
            heldByFamily: Boolean(row.provenance?.gate),
          }),
        )
      : row.expiresAt,
    entryPrice: Number(row.entryPrice),
    takeProfitPercent: row.takeProfitPercent,
    stopLossPercent: row.stopLossPercent,
    expectedProfitPercent: row.expectedProfitPercent,
    feePercent: row.feePercent,
    acted: input.acted,
  };
}

export function createOfferActions(deps: OfferActionsDeps) {
  const userOffers = createUserOffersRepo();

  /** The offer as a reject sees it (an accept reads it with its other checks: trading's read side). */
  async function find(offerId: string): Promise<OfferForAccept | null> {
    if (!isUuid(offerId)) return null;
    const row = await deps.find(offerId);
    if (!row) return null;
    const pair = (await deps.pairSymbols([row.pairId])).get(row.pairId);
    return pair ? offerForAccept(row, { pair, acted: false, now: deps.now() }) : null;
  }

  /** Inside the caller's transaction; 409 when the trader already acted on this offer. */
  async function recordAction(tx: Queryable, action: NewUserOfferAction): Promise<void> {
    if (!(await userOffers.insert(tx, action))) throw conflict(ALREADY_ACTED);
  }

  return {
    /** The realised profit of the trade an accept opened (inside the close's transaction). */
    recordTradeResult: (tx: Queryable, result: { userId: string; offerId: string; profitPercent: number }) =>
      userOffers.setProfit(tx, result.userId, result.offerId, result.profitPercent),

    /** The offer leaves the trader's list for good. */
    async reject(userId: string, offerId: string): Promise<void> {
      const offer = await find(offerId);
      if (!offer) throw notFound('Offer not found');
      if (!offer.live) throw conflict(OFFER_UNAVAILABLE);
      await deps.db.transaction((tx) => recordAction(tx, { userId, offerId, action: 'rejected' }));
      deps.forgetActed(userId);
    },
  };
}
