import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListOffersResponse } from '../../../contract/offers';
import { offers, userOffers } from '../../db/schema';
import { countQueries } from '../../testing/query-counter';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { seedOffer, seedPair } from './testing/market-fixtures';

/**
 * The offers list is served from memory: these prove it follows the events every offer change
 * sends (as the analysis publisher and the upkeep job send them), without a reload, and that it
 * costs no list query per request.
 */
describe('GET /api/offers from the live-offers read model', () => {
  let t: TestApp;
  let trader: TestUser;
  let pairId: number;

  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/offers?limit=100', headers: trader.auth });
    expect(res.statusCode).toBe(200);
    return res.json<ListOffersResponse>();
  };
  const ids = async () => (await list()).data.map((offer) => offer.id);

  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app, 'Admin');
    trader = await signUp(t.app, 'Trader');
    pairId = await seedPair(t.db, 'BTC/USD');
  });
  afterAll(() => t.close());

  it('shows an offer as soon as new_offer announces it, and drops it when offer_update says it expired', async () => {
    const first = await seedOffer(t.db, { pairId, positionType: 'long' });
    expect(await ids()).toEqual([first]);

    const second = await seedOffer(t.db, { pairId, positionType: 'short' });
    // Written behind the module's back and not announced: not listed until a reload.
    expect(await ids()).toEqual([first]);
    const announced = await t.app.offers.get(second);
    t.app.bus.publish('new_offer', announced!, ['traders']);
    expect(await ids()).toEqual([second, first]);

    // The upkeep job expires what is past its horizon and announces it.
    await t.db
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, first));
    await t.app.worker.runNow('offer-upkeep');
    expect(await ids()).toEqual([second]);
  });

  it('never lets an older event undo a newer one', async () => {
    const id = (await ids())[0]!;
    const current = (await t.app.offers.get(id))!;
    const older = { ...current, status: 'expired' as const, updatedAt: '2000-01-01T00:00:00.000Z' };
    t.app.bus.publish('offer_update', older, ['traders']);
    expect(await ids()).toContain(id);
  });

  it('hides an offer the trader acted on once its acceptance is recorded', async () => {
    const id = (await ids())[0]!;
    await t.db.insert(userOffers).values({ userId: trader.id, offerId: id, action: 'rejected' });
    t.app.offers.forgetActed(trader.id);
    expect(await ids()).not.toContain(id);
  });

  it('answers a list request without a database query once the trader is cached', async () => {
    await list();
    const counter = countQueries(t.database);
    try {
      for (let i = 0; i < 5; i += 1) await list();
      expect(counter.count).toBe(0);
    } finally {
      counter.restore();
    }
  });
});
