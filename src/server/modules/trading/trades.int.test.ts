import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptOfferResponseSchema, listOffersResponseSchema } from '../../../contract/offers';
import { listTradesResponseSchema, tradeStatusResponseSchema } from '../../../contract/trades';
import type { TestUser } from '../../testing/test-app';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';

const POSITION_TYPES = ['long', 'scalp_long', 'quick_long', 'hedge_long'] as const;

/**
 * A trader's own trades: the list (newest first, paged), a trade's status, and the reject call.
 * Another trader never sees them: their list is empty and a status read is 404, never data.
 */
describe('trades routes', () => {
  let w: TradingWorld;
  let alice: TestUser;
  let bob: TestUser;
  const ids: string[] = [];
  beforeAll(async () => {
    w = await createTradingWorld();
    alice = await w.trader('Alice', 100_000);
    bob = await w.trader('Bob', 100_000);
    for (const positionType of POSITION_TYPES) {
      const res = await w.accept(alice, await w.offer('BTC/USD', { positionType }), { entryAmount: 25 });
      ids.push(acceptOfferResponseSchema.parse(res.json()).trade.id);
    }
  });
  afterAll(async () => w.close());

  const get = (user: TestUser | null, url: string) =>
    w.t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });

  it('lists only the caller’s trades, newest first, paged by offset and limit', async () => {
    const all = listTradesResponseSchema.parse((await get(alice, '/api/trades/trades')).json());
    expect(all.total).toBe(4);
    expect(all.trades.map((t) => t.id)).toEqual([...ids].reverse());
    expect(all.trades[0]).toMatchObject({
      pair: 'BTC/USD',
      positionType: 'hedge_long',
      amount: 25,
      status: 'open',
    });

    const page = listTradesResponseSchema.parse(
      (await get(alice, '/api/trades/trades?offset=1&limit=2')).json(),
    );
    expect(page).toEqual({ trades: all.trades.slice(1, 3), total: 4 });
    expect(listTradesResponseSchema.parse((await get(bob, '/api/trades/trades')).json())).toEqual({
      trades: [],
      total: 0,
    });
    expect((await get(alice, '/api/trades/trades?limit=0')).statusCode).toBe(400);
    expect((await get(null, '/api/trades/trades')).statusCode).toBe(401);
  });

  it("answers a trade's status to its owner and 404 to anyone else", async () => {
    const own = await get(alice, `/api/trades/${ids[0]}/status`);
    expect(own.statusCode).toBe(200);
    expect(tradeStatusResponseSchema.parse(own.json())).toMatchObject({
      id: ids[0],
      status: 'open',
      closedAt: null,
    });
    const other = await get(bob, `/api/trades/${ids[0]}/status`);
    expect([other.statusCode, other.json()]).toEqual([404, { error: 'Trade not found' }]);
    expect((await get(alice, '/api/trades/not-a-trade/status')).statusCode).toBe(404);
    expect((await get(null, `/api/trades/${ids[0]}/status`)).statusCode).toBe(401);
  });

  it('status follows the trade when the monitor closes it', async () => {
    w.market.setPrice('BTC/USD', 53_500);
    await w.t.app.worker.runNow('trade-monitor');
    const status = tradeStatusResponseSchema.parse((await get(alice, `/api/trades/${ids[0]}/status`)).json());
    expect(status.status).toBe('closed');
    expect(status.profit).toBeGreaterThan(5);
    expect(status.closedAt).not.toBeNull();
    w.market.setPrice('BTC/USD', 50_000);
  });

  it('rejecting takes the offer off the trader’s list, once', async () => {
    const offerId = await w.offer('ETH/USD', { positionType: 'balanced' });
    const listed = async (user: TestUser) =>
      listOffersResponseSchema.parse((await get(user, '/api/offers')).json()).data.map((o) => o.id);
    expect(await listed(bob)).toContain(offerId);
    const reject = () =>
      w.t.app.inject({ method: 'POST', url: `/api/offers/${offerId}/reject`, headers: bob.auth });
    const first = await reject();
    expect([first.statusCode, first.json()]).toEqual([200, { ok: true }]);
    expect(await listed(bob)).not.toContain(offerId);
    expect(await listed(alice)).toContain(offerId);
    const again = await reject();
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: 'You have already acted on this offer' },
    ]);
    const unknown = await w.t.app.inject({
      method: 'POST',
      url: '/api/offers/7d1f1c1e-0000-4000-8000-000000000000/reject',
      headers: bob.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const expired = await w.offer('ETH/USD', { positionType: 'short', status: 'expired' });
    const late = await w.t.app.inject({
      method: 'POST',
      url: `/api/offers/${expired}/reject`,
      headers: bob.auth,
    });
    expect([late.statusCode, late.json()]).toEqual([409, { error: 'Offer is no longer available' }]);
  });

  it('counts trades for the payments stats', async () => {
    const stats = await w.t.app.inject({ method: 'GET', url: '/api/payments/stats', headers: alice.auth });
    expect(stats.statusCode, stats.body).toBe(200);
    // Four trades, all closed in profit by the monitor above.
    expect(stats.json()).toMatchObject({ data: { winRate: 100, activeTrades: 0, totalTrades: 4 } });
    expect(await w.t.app.trading.tradeStats(bob.id)).toEqual({
      winRate: 0,
      activeTrades: 0,
      totalTrades: 0,
    });
  });
});
