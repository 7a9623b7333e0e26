import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptOfferResponseSchema } from '../../../contract/offers';
import { listTradesResponseSchema } from '../../../contract/trades';
import { auditLogs, cryptoPairs, offers, trades } from '../../db/schema';
import { createKrakenExecutor, LOOKUP_MARGIN_MS, ORDER_DEADLINE_MS } from '../../providers/execution/kraken';
import {
  FAKE_KRAKEN_CREDENTIALS,
  startFakeKrakenServer,
  type FakeKrakenServer,
} from '../../providers/market/kraken/fake-kraken-server';
import type { TestUser } from '../../testing/test-app';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';
import { CLOSE_LEASE_MS, closeOrderId } from './trade-monitor';

/*
 * Live orders that never guess: the real kraken executor against the fake Kraken, faults injected
 * at the exchange. After each fault the trade's state is right and the books match the exchange:
 * the account holds exactly the BTC of the platform's filled open trades, its dollars moved by
 * exactly the fills (entry cost and fee out, exit proceeds less fee in) the trades recorded, and
 * the traders' positions hold exactly the open trades' amounts, and reconciliation finds no drift.
 * The fake's book asks 105,944.3
 * (0.136 BTC) and bids 105,944.2; the controlled market quotes the same price.
 */
const USD_START = 1_000_000;
const PRICE = 105_944.25;

describe('live orders against a faulty exchange', () => {
  let fake: FakeKrakenServer;
  let w: TradingWorld;
  let exchangeNow = Date.now();
  let trader: TestUser;

  beforeAll(async () => {
    fake = await startFakeKrakenServer({ balances: { ZUSD: USD_START } });
    const kraken = createKrakenExecutor({
      ...FAKE_KRAKEN_CREDENTIALS,
      baseUrl: fake.url,
      rateLimit: false,
      pollIntervalMs: 1,
      pollAttempts: 3,
      timeoutMs: 400,
      clock: () => exchangeNow,
    });
    w = await createTradingWorld({ pairs: [{ symbol: 'BTC/USD', price: PRICE }], inner: kraken });
    // Kraken's own name for the pair, as a market sync stores it.
    await w.t.db.update(cryptoPairs).set({ krakenSymbol: 'XBTUSD' }).where(eq(cryptoPairs.symbol, 'BTC/USD'));
    trader = await w.trader('Live', 1_000_000);
    // Each case's trades stay on the books; the guardrails are not what is tested here.
    await w.setGuardrails({ maxOpenTrades: 50, lossStreakLimit: 50, dailyLossCapPercent: 100 });
  });
  afterAll(async () => {
    await w.close();
    await fake.close();
  });
  beforeEach(() => {
    exchangeNow = Date.now();
    w.market.setPrice('BTC/USD', PRICE);
    fake.behaviour.fillFraction = 1;
  });

  const monitor = () => w.t.app.worker.runNow('trade-monitor');
  const row = async (id: string) => (await w.t.db.select().from(trades).where(eq(trades.id, id)))[0]!;
  const addOrders = () => fake.requests.filter((r) => r.endpoint === 'AddOrder').length;
  async function accept(entryAmount = 200) {
    // One live offer per pair and position type: the last one has served.
    await w.t.db
      .update(offers)
      .set({ status: 'expired' })
      .where(inArray(offers.status, ['open', 'hot']));
    const offerId = await w.offer('BTC/USD', { stopLossPercent: 5, takeProfitPercent: 5 });
    const res = await w.accept(trader, offerId, { entryAmount });
    return { res, trade: res.statusCode < 300 ? acceptOfferResponseSchema.parse(res.json()).trade : null };
  }

  /** The platform's books against what the fake Kraken account holds and has spent. */
  async function expectBooksMatchExchange() {
    const all = await w.t.db.select().from(trades);
    const filled = all.filter((t) => t.filledAt !== null);
    const open = filled.filter((t) => t.status === 'open');
    const heldBtc = open.reduce((sum, t) => sum + Number(t.quantity), 0);
    const spent = filled.reduce(
      (sum, t) => sum + Number(t.entryPrice) * Number(t.quantity) + Number(t.entryFee),
      0,
    );
    const back = filled
      .filter((t) => t.status === 'closed')
      .reduce((sum, t) => sum + Number(t.exitPrice) * Number(t.quantity) - Number(t.exitFee), 0);
    expect(fake.balances.get('XXBT') ?? 0).toBeCloseTo(heldBtc, 10);
    expect(USD_START - fake.balances.get('ZUSD')!).toBeCloseTo(spent - back, 4);
    const positions = all.filter((t) => t.status === 'open').reduce((sum, t) => sum + t.amountCents, 0);
    expect((await w.balances(trader)).positionsCents).toBe(positions);
    // And the platform's own reconciliation agrees: no drift (the first run is the baseline).
    const run = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation/run',
      headers: w.admin.auth,
      payload: {},
    });
    expect(['baseline', 'balanced']).toContain(run.json<{ status: string }>().status);
  }

  it('a timeout after Kraken took the entry: 202, the trade waits visibly, then the lookup books the fill', async () => {
    fake.failNext('AddOrder', { after: true, hang: true });
    const { res, trade } = await accept();
    expect(res.statusCode, res.body).toBe(202);
    expect(trade).toMatchObject({ status: 'open', orderCheck: 'entry' });
    const listed = await w.t.app.inject({ method: 'GET', url: '/api/trades/trades', headers: trader.auth });
    expect(listTradesResponseSchema.parse(listed.json()).trades[0]).toMatchObject({
      id: trade!.id,
      orderCheck: 'entry',
    });
    expect(await w.balances(trader)).toMatchObject({ positionsCents: 20_000 });

    await monitor();
    const stored = await row(trade!.id);
    const order = [...fake.orders.values()].find((o) => o.clOrdId === trade!.id)!;
    expect(stored).toMatchObject({ status: 'open', unknownOrder: null, entryOrderId: order.txid });
    expect(Number(stored.quantity)).toBeCloseTo(order.volExec, 12);
    expect(stored.filledAt).not.toBeNull();
    await expectBooksMatchExchange();
    const audited = await w.t.db.select().from(auditLogs).where(eq(auditLogs.action, 'trade.order_resolved'));
    expect(audited.at(-1)?.details).toMatchObject({ tradeId: trade!.id, leg: 'entry', found: 'filled' });
  });

  it('a fill the answer never reported (a 502 after placing): found and booked the same way', async () => {
    fake.failNext('AddOrder', { after: true, status: 502, error: 'EService:Unavailable' });
    const { res, trade } = await accept();
    expect(res.statusCode).toBe(202);
    await monitor();
    expect(await row(trade!.id)).toMatchObject({ status: 'open', unknownOrder: null });
    await expectBooksMatchExchange();
  });

  it('a partial fill is booked as filled, and the exit sells exactly what was bought', async () => {
    fake.behaviour.fillFraction = 0.5;
    const { res, trade } = await accept();
    expect(res.statusCode).toBe(200);
    const bought = Number((await row(trade!.id)).quantity);
    const entry = [...fake.orders.values()].find((o) => o.clOrdId === trade!.id)!;
    expect(entry.status).toBe('canceled');
    expect(bought).toBe(entry.volExec);
    expect(bought).toBeCloseTo(entry.volume / 2, 8);
    await expectBooksMatchExchange();

    fake.behaviour.fillFraction = 1;
    w.market.setPrice('BTC/USD', PRICE * 1.2);
    await monitor();
    const closed = await row(trade!.id);
    expect(closed.status).toBe('closed');
    const exit = [...fake.orders.values()].at(-1)!;
    expect(exit).toMatchObject({ type: 'sell', volExec: bought });
    await expectBooksMatchExchange();
  });

  it('a rejection and a rate limit: 502 with the reason, the entry back, nothing on the exchange', async () => {
    const before = await w.balances(trader);
    fake.failNext('AddOrder', { error: 'EOrder:Insufficient funds' });
    const refused = await accept();
    expect(refused.res.statusCode, refused.res.body).toBe(502);
    expect(refused.res.json()).toEqual({
      error: expect.stringMatching(/EOrder:Insufficient funds/) as string,
    });

    fake.failNext('AddOrder', { error: 'EAPI:Rate limit exceeded' });
    const limited = await accept();
    expect(limited.res.statusCode).toBe(502);
    expect(limited.res.json()).toEqual({
      error: expect.stringMatching(/limiting this account's request rate.*try again in a minute/) as string,
    });
    expect(await w.balances(trader)).toEqual(before);
    await expectBooksMatchExchange();
  });

  it('an order Kraken never received: waits while it could still arrive, then fails and returns the entry', async () => {
    const before = await w.balances(trader);
    fake.failNext('AddOrder', { drop: true });
    const { res, trade } = await accept();
    expect(res.statusCode).toBe(202);
    await monitor();
    expect(await row(trade!.id)).toMatchObject({ status: 'open', unknownOrder: { leg: 'entry' } });

    exchangeNow = Date.now() + ORDER_DEADLINE_MS + LOOKUP_MARGIN_MS + 1_000;
    await monitor();
    expect(await row(trade!.id)).toMatchObject({ status: 'failed', unknownOrder: null });
    expect(await w.balances(trader)).toEqual(before);
    await expectBooksMatchExchange();
  });

  it('an exit whose answer was lost is looked up, never sent twice, and booked when found', async () => {
    const { trade } = await accept();
    await expectBooksMatchExchange();
    w.market.setPrice('BTC/USD', PRICE * 1.2);
    fake.failNext('AddOrder', { after: true, hang: true });
    const sent = addOrders();
    await monitor();
    expect(await row(trade!.id)).toMatchObject({
      status: 'open',
      unknownOrder: { leg: 'exit', closeReason: 'auto_close' },
    });
    const listed = await w.t.app.inject({ method: 'GET', url: '/api/trades/trades', headers: trader.auth });
    expect(
      listTradesResponseSchema.parse(listed.json()).trades.find((t) => t.id === trade!.id),
    ).toMatchObject({
      orderCheck: 'exit',
    });

    await monitor();
    expect(addOrders()).toBe(sent + 1);
    expect(await row(trade!.id)).toMatchObject({
      status: 'closed',
      closeReason: 'auto_close',
      unknownOrder: null,
    });
    await expectBooksMatchExchange();
  });

  it('refuses a short on spot before any order is sent', async () => {
    const sent = addOrders();
    await w.t.db
      .update(offers)
      .set({ status: 'expired' })
      .where(inArray(offers.status, ['open', 'hot']));
    const offerId = await w.offer('BTC/USD', { side: 'sell', positionType: 'short' });
    const res = await w.accept(trader, offerId, { entryAmount: 100 });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Order failed: spot trading cannot open a short position' });
    expect(addOrders()).toBe(sent);
    await expectBooksMatchExchange();
  });

  it('an exit sent by a monitor that then died is found by its client id, not sent again', async () => {
    const { trade } = await accept();
    const opened = await row(trade!.id);
    // What the dead monitor left: its claim and the exit written down, and the order on Kraken.
    const claimedAt = new Date(Date.now() - CLOSE_LEASE_MS - 1_000);
    await w.t.db
      .update(trades)
      .set({ closeClaimedAt: claimedAt, unknownOrder: { leg: 'exit', closeReason: 'expired' } })
      .where(eq(trades.id, trade!.id));
    const kraken = createKrakenExecutor({ ...FAKE_KRAKEN_CREDENTIALS, baseUrl: fake.url, rateLimit: false });
    const exit = await kraken.marketOrder({
      symbol: 'BTC/USD',
      exchangeSymbol: 'XBTUSD',
      side: 'sell',
      quantity: Number(opened.quantity),
      clientOrderId: closeOrderId(trade!.id, claimedAt),
    });
    const sent = addOrders();

    await monitor();
    expect(addOrders()).toBe(sent);
    expect(await row(trade!.id)).toMatchObject({
      status: 'closed',
      closeReason: 'expired',
      exitOrderId: exit.orderId,
      unknownOrder: null,
    });
    await expectBooksMatchExchange();
  });
});
