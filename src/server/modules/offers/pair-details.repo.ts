/** The admin pair details' read of a pair's offers. */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offers } from '../../db/schema';

export function createOfferPairDetailsRepo(db: Executor) {
  return {
    /** The pair's most recently changed offers. */
    recentOfPair: (pairId: number, limit: number) =>
      db
        .select({
          id: offers.id,
          positionType: offers.positionType,
          heatScore: offers.heatScore,
          successRate: offers.successRate,
          status: offers.status,
          outcome: offers.outcome,
          updatedAt: offers.updatedAt,
        })
        .from(offers)
        .where(eq(offers.pairId, pairId))
        .orderBy(desc(offers.updatedAt), desc(offers.id))
        .limit(limit),
  };
}
