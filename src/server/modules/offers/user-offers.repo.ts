import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { userOffers, type UserOfferAction } from '../../db/schema';

export interface NewUserOfferAction {
  userId: string;
  offerId: string;
  action: UserOfferAction;
  entryAmountCents?: number | null;
  autoCloseProfitPercent?: number | null;
}

/** A trader's accept or reject of an offer: at most one per trader and offer (unique constraint). */
export function createUserOffersRepo() {
  return {
    /** False when the trader already acted on the offer (nothing written). */
    async insert(tx: Queryable, row: NewUserOfferAction): Promise<boolean> {
      const inserted = await tx
        .insert(userOffers)
        .values({
          userId: row.userId,
          offerId: row.offerId,
          action: row.action,
          entryAmountCents: row.entryAmountCents ?? null,
          autoCloseProfitPercent: row.autoCloseProfitPercent ?? null,
        })
        .onConflictDoNothing({ target: [userOffers.userId, userOffers.offerId] })
        .returning({ id: userOffers.id });
      return inserted.length === 1;
    },

    async setProfit(tx: Queryable, userId: string, offerId: string, profitPercent: number): Promise<void> {
      await tx
        .update(userOffers)
        .set({ profitPercent })
        .where(and(eq(userOffers.userId, userId), eq(userOffers.offerId, offerId)));
    },
  };
}
