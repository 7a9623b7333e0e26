import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_DEFAULTS, type Preferences } from '../../../contract/preferences';
import { userPreferences } from '../../db/schema';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';

const CUSTOM: Preferences = {
  preferredPairs: ['BTC/USD', 'ETH/USD'],
  entryFilterMin: 123.45,
  entryFilterMax: 2500,
  autoTipPercent: 7.5,
  preferredRiskLevels: ['very_low', 'high'],
  minSuccessRate: 55,
  maxRiskScore: 60,
  preferredPositionTypes: ['scalp_long', 'hedge_short', 'ml_scalp_neutral'],
  minExpectedProfitPercent: 1.5,
  maxVolatilityIndex: 35,
  defaultAutoCloseProfitPercent: 8,
  notificationPrefs: { newOffer: false, tradeClose: true, highRisk: true, lowSuccess: true },
};

describe('GET/PUT /api/users/preferences', () => {
  let t: TestApp;
  let trader: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    trader = await signUp(t.app, 'Trader');
  });
  afterAll(async () => t.close());

  const read = async (u: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/preferences', headers: u.auth });
    expect(res.statusCode).toBe(200);
    return res.json<Preferences>();
  };
  const save = (u: TestUser, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/preferences',
      headers: u.auth,
      payload: payload as object,
    });
  const rowOf = async (u: TestUser) =>
    (await t.db.select().from(userPreferences).where(eq(userPreferences.userId, u.id)))[0];

  it('answers 401 to anonymous callers and stores nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/preferences' })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/preferences', payload: CUSTOM });
    expect(put.statusCode).toBe(401);
    expect(put.json<{ error: string }>().error).toBeTruthy();
    expect(await t.db.select().from(userPreferences)).toEqual([]);
  });

  it('reads the section 3 defaults before the trader ever saved', async () => {
    expect(await read(trader)).toEqual(PREFERENCE_DEFAULTS);
    expect(await rowOf(trader)).toBeUndefined();
  });

  it('saves every field, keeps the entry filters as cents, and reads them back', async () => {
    const res = await save(trader, CUSTOM);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(CUSTOM);
    expect(await read(trader)).toEqual(CUSTOM);
    expect(await rowOf(trader)).toMatchObject({ entryFilterMinCents: 12_345, entryFilterMaxCents: 250_000 });
  });

  it('replaces the whole record on each PUT: omitted fields take the defaults', async () => {
    const res = await save(trader, { minSuccessRate: 90 });
    expect(res.statusCode).toBe(200);
    expect(await read(trader)).toEqual({ ...PREFERENCE_DEFAULTS, minSuccessRate: 90 });
  });

  it('turns zero or empty numbers into the defaults (spec section 5, on submit)', async () => {
    const zeros = {
      ...CUSTOM,
      entryFilterMin: 0,
      entryFilterMax: null,
      autoTipPercent: 0,
      minSuccessRate: 0,
      maxRiskScore: null,
      minExpectedProfitPercent: 0,
      maxVolatilityIndex: 0,
      defaultAutoCloseProfitPercent: null,
    };
    const res = await save(trader, zeros);
    expect(res.statusCode).toBe(200);
    const D = PREFERENCE_DEFAULTS;
    expect(await read(trader)).toEqual({
      ...CUSTOM,
      entryFilterMin: D.entryFilterMin,
      entryFilterMax: D.entryFilterMax,
      autoTipPercent: D.autoTipPercent,
      minSuccessRate: D.minSuccessRate,
      maxRiskScore: D.maxRiskScore,
      minExpectedProfitPercent: D.minExpectedProfitPercent,
      maxVolatilityIndex: D.maxVolatilityIndex,
      defaultAutoCloseProfitPercent: D.defaultAutoCloseProfitPercent,
    });
  });

  it('stores each pair, risk level and position type once', async () => {
    const res = await save(trader, {
      ...CUSTOM,
      preferredPairs: ['BTC/USD', ' BTC/USD ', 'ETH/EUR'],
      preferredRiskLevels: ['low', 'low'],
      preferredPositionTypes: ['long', 'short', 'long'],
    });
    expect(res.statusCode).toBe(200);
    expect(await read(trader)).toMatchObject({
      preferredPairs: ['BTC/USD', 'ETH/EUR'],
      preferredRiskLevels: ['low'],
      preferredPositionTypes: ['long', 'short'],
    });
  });

  it.each([
    [{ preferredPairs: ['BTC-USD'] }, 'Pairs must be in format XXX/YYY (e.g., BTC/USD), comma-separated'],
    [{ preferredPairs: ['btc/usd'] }, 'Pairs must be in format XXX/YYY (e.g., BTC/USD), comma-separated'],
    [{ entryFilterMin: -1 }, 'Must be at least 0'],
    [{ entryFilterMin: 500, entryFilterMax: 400 }, 'Must be greater than Min Entry Amount'],
    // A max of 0 falls back to 1000, which is below this min.
    [{ entryFilterMin: 2000, entryFilterMax: 0 }, 'Must be greater than Min Entry Amount'],
    [{ entryFilterMax: 2_000_000_000 }, 'Must be at most 1000000000'],
    [{ autoTipPercent: -1 }, 'Must be at least 0'],
    [{ autoTipPercent: 101 }, 'Must be at most 100'],
    [{ minSuccessRate: 100.5 }, 'Must be at most 100'],
    [{ maxRiskScore: -3 }, 'Must be at least 0'],
    [{ minExpectedProfitPercent: -0.1 }, 'Must be at least 0'],
    [{ maxVolatilityIndex: -5 }, 'Must be at least 0'],
    [{ defaultAutoCloseProfitPercent: -2 }, 'Must be at least 0'],
    [{ preferredRiskLevels: ['extreme'] }, 'preferredRiskLevels'],
    [{ preferredPositionTypes: ['sideways'] }, 'preferredPositionTypes'],
    [{ notificationPrefs: { newOffer: 'yes' } }, 'notificationPrefs'],
    [{ autoTipPercent: '5' }, 'autoTipPercent'],
    [{ preferredPairs: 'BTC/USD' }, 'preferredPairs'],
    [{ minSucessRate: 50 }, 'minSucessRate'],
    [{ notificationPrefs: { ...CUSTOM.notificationPrefs, email: true } }, 'email'],
  ])('refuses %o with 400 and the spec message, changing nothing', async (change, message) => {
    const before = await rowOf(trader);
    const res = await save(trader, { ...CUSTOM, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
    expect(await rowOf(trader)).toEqual(before);
  });

  it('refuses a missing or non-object body', async () => {
    const before = await rowOf(trader);
    for (const payload of ['not json', '[]', 'null']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/preferences',
        headers: { ...trader.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
    expect(await rowOf(trader)).toEqual(before);
  });

  it("one trader never reads or changes another's preferences", async () => {
    const alice = await signUp(t.app, 'Alice');
    const bob = await signUp(t.app, 'Bob');
    expect((await save(alice, CUSTOM)).statusCode).toBe(200);
    // Bob sees the defaults, not Alice's record; his save touches only his row.
    expect(await read(bob)).toEqual(PREFERENCE_DEFAULTS);
    const bobs = { ...PREFERENCE_DEFAULTS, minSuccessRate: 42, preferredPairs: ['SOL/USD'] };
    expect((await save(bob, bobs)).json()).toEqual(bobs);
    expect(await read(alice)).toEqual(CUSTOM);
    expect(await read(bob)).toEqual(bobs);
    expect((await rowOf(alice))?.minSuccessRate).toBe(CUSTOM.minSuccessRate);
    // A user id in the query is not a way in (the record is always the caller's); in the body it is refused.
    const viaQuery = await t.app.inject({
      method: 'PUT',
      url: `/api/users/preferences?userId=${alice.id}`,
      headers: bob.auth,
      payload: { ...bobs, minSuccessRate: 1 },
    });
    expect(viaQuery.statusCode).toBe(200);
    const viaBody = await save(bob, { ...bobs, userId: alice.id, minSuccessRate: 2 });
    expect(viaBody.statusCode).toBe(400);
    expect(viaBody.json<{ error: string }>().error).toMatch(/userId/);
    expect(await read(alice)).toEqual(CUSTOM);
    expect((await read(bob)).minSuccessRate).toBe(1);
  });
});

describe('preferences service (for the trading and offers modules)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives auto-trading figures: the defaults, then what the trader saved', async () => {
    const u = await signUp(t.app);
    const { preferences } = t.app;
    expect(await preferences.autoTrading(u.id)).toEqual({
      autoTipPercent: 5,
      defaultAutoCloseProfitPercent: 5,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/preferences',
      headers: u.auth,
      payload: { ...CUSTOM, autoTipPercent: 2.5, defaultAutoCloseProfitPercent: 12 },
    });
    expect(res.statusCode).toBe(200);
    expect(await preferences.autoTrading(u.id)).toEqual({
      autoTipPercent: 2.5,
      defaultAutoCloseProfitPercent: 12,
    });
    expect(await preferences.get(u.id)).toMatchObject({ entryFilterMin: 123.45, entryFilterMax: 2500 });
  });

  it('hands out fresh default objects (a caller changing one cannot change the defaults)', async () => {
    const { preferences } = t.app;
    const first = await preferences.get('nobody');
    first.preferredRiskLevels.push('very_high');
    first.notificationPrefs.highRisk = true;
    expect(await preferences.get('nobody')).toEqual(PREFERENCE_DEFAULTS);
    expect(PREFERENCE_DEFAULTS.preferredRiskLevels).toEqual(['low', 'medium']);
  });
});
