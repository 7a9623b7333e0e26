import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_TYPES } from '../../../contract/enums';
import { userPreferences } from '../../db/schema';
import { createControlledMarket } from '../trading/testing/controlled-market';
import { createScriptedExecutor } from '../trading/testing/scripted-executor';
import { seedOffer, seedPair } from '../offers/testing/market-fixtures';
import { signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { BY_BUS_MS, createTwoProcesses, type TwoProcesses } from '../../testing/two-processes';

/**
 * Two app instances on one database and one Redis channel, as two api processes would be: the
 * global settings and a trader's auto-trading preferences (a close's tip) are cached in each, and a
 * change made through one is seen by the other at once. A change written to the database behind the
 * services' back is not seen (the copies are cached), which is what makes the eviction worth
 * testing. An accept reads the trader's auto-close afresh with its other checks.
 */
describe('settings and preferences caches across processes', () => {
  let processes: TwoProcesses;
  let t: TestApp;
  let other: FastifyInstance;
  const url = { one: '', other: '' };
  let admin: TestUser;
  let trader: TestUser;
  const market = createControlledMarket([{ symbol: 'BTC/USD', price: 50_000 }]);
  let pairId = 0;
  /** One live offer per pair and position type: each accept takes an offer of a type of its own. */
  let offers = 0;

  beforeAll(async () => {
    processes = await createTwoProcesses({ market, executor: createScriptedExecutor(market) });
    ({ t, other } = processes);
    url.one = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url.other = await other.listen({ port: 0, host: '127.0.0.1' });
    admin = await signUp(t.app, 'Admin');
    trader = await signUp(t.app, 'Trader');
    pairId = await seedPair(t.db, 'BTC/USD');
    const { ledger } = t.app;
    await ledger.transact((tx) =>
      ledger.post(tx, {
        legs: [
          { system: 'external_card', amountCents: -100_000, kind: 'deposit' },
          { userId: trader.id, account: 'user_available', amountCents: 100_000, kind: 'deposit' },
        ],
      }),
    );
  });
  afterAll(async () => {
    await processes.close();
  });

  const call = async (
    base: string,
    path: string,
    init: { method?: string; user: TestUser; body?: object },
  ) => {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...init.user.auth, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const maxOpenTradesOnOther = async () =>
    (await call(url.other, '/api/trades/guardrails', { user: trader })).body.maxOpenTrades;

  it('a settings change through one instance evicts the guardrails the other holds', async () => {
    const before = await maxOpenTradesOnOther();
    // Behind the services' back: the other instance keeps answering from its cached copy.
    await t.db.execute(sql`update global_settings set max_open_trades = 41 where id = 1`);
    expect(await maxOpenTradesOnOther()).toBe(before);

    const since = Date.now();
    const patched = await call(url.one, '/api/admin/global-settings', {
      method: 'PATCH',
      user: admin,
      body: { guardrails: { maxOpenTrades: 42 } },
    });
    expect(patched.status).toBe(200);
    await expect.poll(maxOpenTradesOnOther, { timeout: BY_BUS_MS, interval: 25 }).toBe(42);
    expect(Date.now() - since).toBeLessThan(BY_BUS_MS);
  });

  it("a trader's preferences saved through one instance are what the other's next accept and close use", async () => {
    const acceptOnOther = async () => {
      const offerId = await seedOffer(t.db, {
        pairId,
        entryPrice: '50000',
        positionType: POSITION_TYPES[offers++],
      });
      const res = await call(url.other, `/api/offers/${offerId}/accept`, {
        method: 'POST',
        user: trader,
        body: { entryAmount: 20 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.trade as { autoCloseProfitPercent: number }).autoCloseProfitPercent;
    };
    const save = (body: object) =>
      call(url.one, '/api/users/preferences', { method: 'PUT', user: trader, body });
    // What a close reads for its automatic tip: the copy the other instance caches.
    const tipPercentOnOther = async () => (await other.preferences.autoTrading(trader.id)).autoTipPercent;

    expect((await save({ defaultAutoCloseProfitPercent: 4, autoTipPercent: 2 })).status).toBe(200);
    expect(await acceptOnOther()).toBe(4);
    expect(await tipPercentOnOther()).toBe(2);
    await t.db
      .update(userPreferences)
      .set({ defaultAutoCloseProfitPercent: 6, autoTipPercent: 3 })
      .where(eq(userPreferences.userId, trader.id));
    // An accept reads the auto-close with the rest of its checks, in one statement: never cached.
    expect(await acceptOnOther()).toBe(6);
    expect(await tipPercentOnOther()).toBe(2);

    const since = Date.now();
    expect((await save({ defaultAutoCloseProfitPercent: 7, autoTipPercent: 4 })).status).toBe(200);
    await expect.poll(tipPercentOnOther, { timeout: BY_BUS_MS, interval: 25 }).toBe(4);
    expect(Date.now() - since).toBeLessThan(BY_BUS_MS);
    expect(await acceptOnOther()).toBe(7);
  });
});
