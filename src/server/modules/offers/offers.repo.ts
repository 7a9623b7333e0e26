import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
// The list and one offer join crypto_pairs read-only for the symbol (shown and searched): one query
// instead of a round trip through the market service per page. The only foreign table read here.
// eslint-disable-next-line server/table-owner
import { cryptoPairs } from '../../db/schema';
import { offerFeedback, offers } from '../../db/schema';
import type { OfferRow } from './offer-dto';
import { createOffersListQuery } from './offers-list.repo';

export type { OfferListFilter } from './offers-list.repo';

export function createOffersRepo(db: Database) {
  const listOffers = createOffersListQuery(db);

  return {
    /** One page of the offers a trader may still act on, and how many there are in all. */
    list: listOffers,

    async find(offerId: string): Promise<{ offer: OfferRow; pair: string } | null> {
      const [row] = await db
        .select({ offer: offers, pair: cryptoPairs.symbol })
        .from(offers)
        .innerJoin(cryptoPairs, eq(cryptoPairs.id, offers.pairId))
        .where(eq(offers.id, offerId));
      return row ?? null;
    },

    async exists(offerId: string): Promise<boolean> {
      const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
      return Boolean(row);
    },

    async addFeedback(row: {
      userId: string;
      offerId: string;
      type: 'like' | 'dislike' | 'comment';
      text: string | null;
    }) {
      await db.insert(offerFeedback).values(row);
    },
  };
}

export type OffersRepo = ReturnType<typeof createOffersRepo>;
