import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cryptoPairs, offerFeedback, offers, tickerLogs } from '../../db/schema';
import type { OfferRow } from './offer-dto';
import { createOffersListQuery } from './offers-list.repo';

export type { OfferListFilter } from './offers-list.repo';

export function createOffersRepo(db: Database) {
  const listOffers = createOffersListQuery(db);

  return {
    /** One page of the offers a trader may still act on, and how many there are in all. */
    list: listOffers,

    /** Latest ticker log per pair: 24 h base volume × price = quote volume. */
    async quoteVolumes(pairIds: number[]): Promise<Map<number, number>> {
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
