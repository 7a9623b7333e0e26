/** The admin lists of offers and of traders' accepts and rejects (user offers). */
import { and, count, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  orderFor,
  pagedRows,
  positionIn,
  searchAnyOrIn,
  withinRange,
  type ListWindow,
  type PairScope,
} from '../../db/list-query';
import { offers, userOffers } from '../../db/schema';

export type OfferSortKey = 'pair' | 'heatScore' | 'successRate' | 'status' | 'updatedAt';
export type UserOfferSortKey = 'action' | 'entryAmount' | 'profitPercent' | 'createdAt';

export function createOfferListsRepo(db: Executor) {
  return {
    /**
     * Most recently changed first by default (offers_updated_at_idx; the time range is on
     * updatedAt, the column shown). Search: pair symbol, status, position type, outcome.
     */
    async listOffers(window: ListWindow<OfferSortKey>, scope: PairScope) {
      const bySymbol =
        window.sort?.key === 'pair'
          ? positionIn(await scope.pairIdsBySymbol(), offers.pairId)
          : offers.pairId;
      return pagedRows(
        db
          .select({
            id: offers.id,
            pairId: offers.pairId,
            positionType: offers.positionType,
            heatScore: offers.heatScore,
            successRate: offers.successRate,
            status: offers.status,
            outcome: offers.outcome,
            updatedAt: offers.updatedAt,
          })
          .from(offers)
          .$dynamic(),
        db.select({ n: count() }).from(offers).$dynamic(),
        {
          where: and(
            withinRange(offers.updatedAt, window.timeRange),
            searchAnyOrIn(
              window.search,
              [offers.status, offers.positionType, offers.outcome],
              offers.pairId,
              scope.matchingPairIds,
            ),
          ),
          orderBy: orderFor(
            window.sort,
            {
              pair: bySymbol,
              heatScore: offers.heatScore,
              successRate: offers.successRate,
              status: offers.status,
              updatedAt: offers.updatedAt,
            },
            { key: 'updatedAt', direction: 'desc' },
            offers.id,
          ),
          window,
        },
      );
    },

    /** Newest first by default (user_offers_created_at_idx). Search: action, offer id, the user (id, or a name or email that matched). */
    listUserOffers: (window: ListWindow<UserOfferSortKey>, matchingUserIds: string[] | null) =>
      pagedRows(
        db.select().from(userOffers).$dynamic(),
        db.select({ n: count() }).from(userOffers).$dynamic(),
        {
          where: and(
            withinRange(userOffers.createdAt, window.timeRange),
            searchAnyOrIn(
              window.search,
              [userOffers.action, userOffers.userId, sql`${userOffers.offerId}::text`],
              userOffers.userId,
              matchingUserIds,
            ),
          ),
          orderBy: orderFor(
            window.sort,
            {
              action: userOffers.action,
              entryAmount: userOffers.entryAmountCents,
              profitPercent: userOffers.profitPercent,
              createdAt: userOffers.createdAt,
            },
            { key: 'createdAt', direction: 'desc' },
            userOffers.id,
          ),
          window,
        },
      ),
  };
}
