import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offerFeedback, offers, userOffers } from '../../db/schema';
import type { OfferRow } from './offer-dto';

const LIVE = ['open', 'hot'] as const;

/** The trader-facing reads of offers; the write side is offers-lifecycle.repo.ts. */
export function createOffersRepo(db: Database) {
  return {
    /** Every open or hot offer (the live-offers read model's source). */
    liveRows(): Promise<OfferRow[]> {
      return db
        .select()
        .from(offers)
        .where(inArray(offers.status, [...LIVE]));
    },

    async actedOfferIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ offerId: userOffers.offerId })
        .from(userOffers)
        .where(eq(userOffers.userId, userId));
      return rows.map((row) => row.offerId);
    },

    /** The offer, and whether this trader already accepted or rejected it: one statement. */
    async find(offerId: string): Promise<OfferRow | null> {
      const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
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
