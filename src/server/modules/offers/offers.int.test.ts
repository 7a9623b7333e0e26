import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOffersResponseSchema, type ListOffersResponse } from '../../../contract/offers';
import { offerFeedback, userOffers } from '../../db/schema';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { seedOffer, seedPair, seedTickerLog } from './testing/market-fixtures';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/**
 * Live offers on three pairs, plus offers a trader must never see listed (expired, closed, past
 * their expiry). Alice accepted one and rejected another; Bob acted on nothing.
 */
describe('GET /api/offers', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const offer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app, 'Admin');
    alice = await signUp(t.app, 'Alice');
    bob = await signUp(t.app, 'Bob');
    const db = t.db;
    const btc = await seedPair(db, 'BTC/USD');
    const eth = await seedPair(db, 'ETH/USD');
    const sol = await seedPair(db, 'SOL/USD');
    await seedTickerLog(db, { pairId: eth, price: '3000.00', volume: '1000.5', at: ago(2 * HOUR) });
    await seedTickerLog(db, { pairId: eth, price: '3200.00', volume: '2000.25', at: ago(60_000) });

    offer.btcHot = await seedOffer(db, {
      pairId: btc,
      positionType: 'long',
      status: 'hot',
      heatScore: 84,
      successRate: 71.5,
      riskLevel: 'low',
      createdAt: ago(3 * HOUR),
      volume: '1234567.891',
    });
    offer.btcScalp = await seedOffer(db, {
      pairId: btc,
      positionType: 'scalp_long',
      heatScore: 66,
      successRate: 58,
      riskLevel: 'medium',
      createdAt: ago(2 * HOUR),
    });
    offer.ethShort = await seedOffer(db, {
      pairId: eth,
      positionType: 'short',
      heatScore: 55,
      successRate: 63,
      riskLevel: 'high',
      createdAt: ago(HOUR),
    });
    offer.solBalanced = await seedOffer(db, {
      pairId: sol,
      positionType: 'balanced',
      heatScore: 47,
      successRate: 49,
      riskLevel: 'medium',
      createdAt: ago(30 * 60_000),
      aiSummary: null,
    });
    offer.solLong = await seedOffer(db, {
      pairId: sol,
      positionType: 'quick_long',
      heatScore: 52,
      successRate: 60,
      riskLevel: 'low',
      createdAt: ago(10 * 60_000),
    });
    await seedOffer(db, { pairId: btc, positionType: 'short', status: 'expired', createdAt: ago(HOUR) });
    await seedOffer(db, { pairId: eth, positionType: 'long', status: 'closed', createdAt: ago(HOUR) });
    await seedOffer(db, {
      pairId: eth,
      positionType: 'balanced',
      createdAt: ago(30 * HOUR),
      expiresAt: ago(HOUR),
    });

    await db.insert(userOffers).values([
      { userId: alice.id, offerId: offer.btcScalp, action: 'accepted', entryAmountCents: 10_000 },
      { userId: alice.id, offerId: offer.solLong, action: 'rejected' },
    ]);
  });
  afterAll(async () => t.close());

  const list = async (user: TestUser, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/offers${query}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return listOffersResponseSchema.parse(res.json());
  };
  const idsOf = (body: ListOffersResponse) => body.data.map((o) => o.id);

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/offers' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers?limit=0' })).statusCode).toBe(401);
  });

  it('lists live (open and hot) offers, newest first, in the contract shape', async () => {
    const body = await list(bob);
    expect(idsOf(body)).toEqual([
      offer.solLong,
      offer.solBalanced,
      offer.ethShort,
      offer.btcScalp,
      offer.btcHot,
    ]);
    expect(body.total).toBe(5);
    const hot = body.data.find((o) => o.id === offer.btcHot);
    expect(hot).toMatchObject({
      pair: 'BTC/USD',
      positionType: 'long',
      status: 'hot',
      heatScore: 84,
      successRate: 71.5,
      progrevScore: 0.58,
      riskLevel: 'low',
      expectedProfitPercent: 1.3,
      aiComments: { summary: 'Volume surge with a bullish EMA cross.' },
      volume: null,
      leverage: null,
      outcome: null,
      outcomeAt: null,
      successDefinition: {
        takeProfitPercent: 2.4,
        stopLossPercent: 1.2,
        horizonMinutes: 1440,
        feePercent: 0.26,
      },
      provenance: {
        figures: { rsi14: 61.2, volumeRatio: 2.4, atrPercent: 1.2 },
        triggerId: null,
        engineVersion: 'test-1',
        sampleSize: 140,
      },
    });
    expect(Date.parse(hot!.expiration) - Date.parse(hot!.createdAt)).toBe(24 * HOUR);
    expect(body.data.find((o) => o.id === offer.solBalanced)?.aiComments.summary).toBe('None');
  });

  it('never shows a trader the offers they accepted or rejected', async () => {
    const body = await list(alice);
    expect(idsOf(body)).toEqual([offer.solBalanced, offer.ethShort, offer.btcHot]);
    expect(body.total).toBe(3);
    expect(idsOf(await list(alice, '?search=sol'))).toEqual([offer.solBalanced]);
  });

  it('sorts by heat, success rate or creation, either way', async () => {
    expect(idsOf(await list(bob, '?sortBy=heatScore&sortDir=desc'))).toEqual([
      offer.btcHot,
      offer.btcScalp,
      offer.ethShort,
      offer.solLong,
      offer.solBalanced,
    ]);
    expect(idsOf(await list(bob, '?sortBy=successRate&sortDir=asc'))).toEqual([
      offer.solBalanced,
      offer.btcScalp,
      offer.solLong,
      offer.ethShort,
      offer.btcHot,
    ]);
    expect(idsOf(await list(bob, '?sortBy=createdAt&sortDir=asc'))[0]).toBe(offer.btcHot);
  });

  it('pages with offset and limit and keeps the total', async () => {
    const first = await list(bob, '?sortBy=heatScore&limit=2');
    const second = await list(bob, '?sortBy=heatScore&limit=2&offset=2');
    const last = await list(bob, '?sortBy=heatScore&limit=2&offset=4');
    expect(idsOf(first)).toEqual([offer.btcHot, offer.btcScalp]);
    expect(idsOf(second)).toEqual([offer.ethShort, offer.solLong]);
    expect(idsOf(last)).toEqual([offer.solBalanced]);
    expect([first.total, second.total, last.total]).toEqual([5, 5, 5]);
    // A page past the end has no row to carry the total; it is still counted.
    const beyond = await list(bob, '?sortBy=heatScore&limit=2&offset=50');
    expect([beyond.data, beyond.total]).toEqual([[], 5]);
  });

  it('filters by position types, risk levels, status, ranges and search', async () => {
    expect(idsOf(await list(bob, '?positionType=long,short'))).toEqual([offer.ethShort, offer.btcHot]);
    expect(idsOf(await list(bob, '?riskLevel=low'))).toEqual([offer.solLong, offer.btcHot]);
    expect(idsOf(await list(bob, '?riskLevel=high,low&status=hot'))).toEqual([offer.btcHot]);
    expect(idsOf(await list(bob, '?status=open'))).toHaveLength(4);
    expect(idsOf(await list(bob, '?minSuccessRate=60&maxSuccessRate=70'))).toEqual([
      offer.solLong,
      offer.ethShort,
    ]);
    expect(idsOf(await list(bob, '?minHeatScore=50&maxHeatScore=70'))).toEqual([
      offer.solLong,
      offer.ethShort,
      offer.btcScalp,
    ]);
    expect(idsOf(await list(bob, '?search=btc-usd'))).toEqual([offer.btcScalp, offer.btcHot]);
    expect(idsOf(await list(bob, '?search=ethusd'))).toEqual([offer.ethShort]);
    expect((await list(bob, '?search=100%25')).total).toBe(0);
  });

  it('fills volume (quote currency) and leverage only when included', async () => {
    const body = await list(bob, '?include=volume,leverage');
    const byId = new Map(body.data.map((o) => [o.id, o]));
    // The offer's own 24 h quote volume, rounded to cents.
    expect(byId.get(offer.btcHot!)).toMatchObject({ volume: 1234567.89, leverage: 1 });
    // No figure on the offer: the latest ticker's base volume × price.
    expect(byId.get(offer.ethShort!)).toMatchObject({ volume: 6_400_800, leverage: 1 });
    // Nothing known: null rather than a guess.
    expect(byId.get(offer.solLong!)).toMatchObject({ volume: null, leverage: 1 });
    const onlyLeverage = await list(bob, '?include=leverage');
    expect(onlyLeverage.data.every((o) => o.volume === null && o.leverage === 1)).toBe(true);
  });

  it.each([
    ['?status=expired', /status/],
    ['?sortBy=price', /sortBy/],
    ['?sortDir=up', /sortDir/],
    ['?limit=0', /limit/],
    ['?limit=500', /limit/],
    ['?offset=-1', /offset/],
    ['?positionType=sideways', /positionType/],
    ['?riskLevel=low,extreme', /riskLevel/],
    ['?include=volume,price', /include/],
    ['?minSuccessRate=101', /minSuccessRate/],
    ['?minSuccessRate=90&maxSuccessRate=10', /minSuccessRate must not be greater than maxSuccessRate/],
    ['?minHeatScore=90&maxHeatScore=10', /minHeatScore must not be greater than maxHeatScore/],
  ])('refuses %s with 400', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/offers${query}`, headers: bob.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
  });
});

describe('POST /api/offers/:offerId/feedback', () => {
  let t: TestApp;
  let trader: TestUser;
  let offerId = '';

  beforeAll(async () => {
    t = await createTestApp();
    trader = await signUp(t.app, 'Trader');
    offerId = await seedOffer(t.db, { pairId: await seedPair(t.db, 'BTC/USD') });
  });
  afterAll(async () => t.close());

  const post = (id: string, payload: unknown, headers: Record<string, string> = trader.auth) =>
    t.app.inject({ method: 'POST', url: `/api/offers/${id}/feedback`, headers, payload: payload as object });
  const stored = () => t.db.select().from(offerFeedback).where(eq(offerFeedback.offerId, offerId));

  it('stores a like, a dislike and a trimmed comment for the caller', async () => {
    for (const payload of [
      { type: 'like' },
      { type: 'dislike' },
      { type: 'comment', text: '  Nice entry.  ' },
    ]) {
      const res = await post(offerId, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const rows = await stored();
    expect(rows.map((r) => [r.type, r.text, r.userId])).toEqual([
      ['like', null, trader.id],
      ['dislike', null, trader.id],
      ['comment', 'Nice entry.', trader.id],
    ]);
  });

  it.each([
    [{ type: 'comment', text: '   ' }, /Comment cannot be empty/],
    [{ type: 'comment' }, /Comment cannot be empty/],
    [{ type: 'love' }, /type/],
    [{}, /type/],
  ])('refuses %o with 400 and stores nothing', async (payload, message) => {
    const before = (await stored()).length;
    const res = await post(offerId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect(await stored()).toHaveLength(before);
  });

  it('answers 404 for an unknown offer and 401 without a token', async () => {
    expect((await post('00000000-0000-4000-8000-000000000000', { type: 'like' })).statusCode).toBe(404);
    const notUuid = await post('not-an-offer', { type: 'like' });
    expect(notUuid.statusCode).toBe(404);
    expect(notUuid.json()).toEqual({ error: 'Offer not found' });
    expect((await post(offerId, { type: 'like' }, {})).statusCode).toBe(401);
  });
});
