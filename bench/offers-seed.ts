import { POSITION_TYPES } from '../src/contract/enums';
import type { Database } from '../src/server/db/client';
import { seedOffer, seedPair } from '../src/server/modules/offers/testing/market-fixtures';

const HOUR = 3_600_000;

/**
 * Offers for the list benchmarks through the app's own fixtures: 24 pairs × 14 position types =
 * 336 live offers (at most one live offer per pair and position type), plus as many expired and
 * closed ones the list must skip. The pairs are inactive, so an analysis cycle leaves them alone.
 */
export async function seedBenchOffers(db: Database): Promise<number> {
  let live = 0;
  for (let p = 0; p < 24; p++) {
    const pairId = await seedPair(db, `Q${String(p).padStart(2, '0')}/USD`, false);
    for (const [k, positionType] of POSITION_TYPES.entries()) {
      const createdAt = new Date(Date.now() - (p * 14 + k) * 60_000);
      const figures = { heatScore: (p * 7 + k * 13) % 100, successRate: 40 + ((p * 3 + k) % 50) };
      await seedOffer(db, { pairId, positionType, status: k % 4 ? 'open' : 'hot', createdAt, ...figures });
      live++;
      await seedOffer(db, {
        pairId,
        positionType,
        status: k % 2 ? 'expired' : 'closed',
        createdAt: new Date(createdAt.getTime() - 48 * HOUR),
        expiresAt: new Date(createdAt.getTime() - 24 * HOUR),
        ...figures,
      });
    }
  }
  return live;
}
