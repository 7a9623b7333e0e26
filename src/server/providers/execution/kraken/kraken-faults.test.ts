import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_KRAKEN_CREDENTIALS,
  startFakeKrakenServer,
  type FakeKrakenServer,
} from '../../market/kraken/fake-kraken-server';
import { ExecutionError, type MarketOrder } from '../executor';
import { createKrakenExecutor, LOOKUP_MARGIN_MS, ORDER_DEADLINE_MS } from './index';

/*
 * Faults of the real exchange, played by the fake Kraken over HTTP (ccxt underneath): after each
 * one the executor either reports what traded or says it cannot know yet, and the lookup by client
 * id then finds what the fake's account really did. The account opens with 1,000,000 ZUSD.
 */
describe('kraken executor under exchange faults', () => {
  let fake: FakeKrakenServer;
  let now = Date.now();
  const executor = (over: Partial<Parameters<typeof createKrakenExecutor>[0]> = {}) =>
    createKrakenExecutor({
      ...FAKE_KRAKEN_CREDENTIALS,
      baseUrl: fake.url,
      rateLimit: false,
      pollIntervalMs: 1,
      timeoutMs: 400,
      clock: () => now,
      ...over,
    });
  const buy = (clientOrderId: string): MarketOrder => ({
    symbol: 'BTC/USD',
    exchangeSymbol: 'XBTUSD',
    side: 'buy',
    quoteAmount: 1000,
    clientOrderId,
  });
  const lookup = (clientOrderId: string, sentAt: number) =>
    executor().lookupOrder({
      symbol: 'BTC/USD',
      exchangeSymbol: 'XBTUSD',
      side: 'buy',
      clientOrderId,
      sentAt,
      lostAt: sentAt,
    });
  const unknownOf = async (order: MarketOrder) => {
    const error = await executor()
      .marketOrder(order)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionError);
    return error as ExecutionError;
  };

  beforeEach(async () => {
    now = Date.now();
    fake = await startFakeKrakenServer({ balances: { ZUSD: 1_000_000 } });
  });
  afterEach(async () => fake.close());

  it('a timeout after Kraken took the order: unknown, then found filled by its client id', async () => {
    fake.failNext('AddOrder', { after: true, hang: true });
    const error = await unknownOf(buy('f-timeout'));
    expect(error.outcomeUnknown).toBe(true);
    const [order] = [...fake.orders.values()];
    expect(order).toMatchObject({ clOrdId: 'f-timeout', status: 'closed' });

    const found = await lookup('f-timeout', now);
    expect(found).toEqual({
      state: 'filled',
      fill: expect.objectContaining({ orderId: order!.txid, quantity: 0.00943892 }) as unknown,
    });
    expect(fake.balances.get('XXBT')).toBeCloseTo(0.00943892, 10);
  });

  it('a fill the answer never reported (a proxy 502 after placing): unknown, then found', async () => {
    fake.failNext('AddOrder', { after: true, status: 502, error: 'EService:Unavailable' });
    expect((await unknownOf(buy('f-502'))).outcomeUnknown).toBe(true);
    expect(await lookup('f-502', now)).toMatchObject({ state: 'filled' });
  });

  it('an order left working: the executor gives up unknown, the lookup waits, then finds the fill', async () => {
    fake.behaviour.holdOpen = true;
    const error = await unknownOf(buy('f-open'));
    expect(error.outcomeUnknown).toBe(true);
    expect(await lookup('f-open', now)).toMatchObject({ state: 'pending' });
    fake.closeOpenOrders();
    expect(await lookup('f-open', now)).toMatchObject({ state: 'filled' });
  });

  it('a partial fill is a fill of what traded', async () => {
    fake.behaviour.fillFraction = 0.5;
    const fill = await executor().marketOrder(buy('f-part'));
    expect(fill.quantity).toBeCloseTo(0.00943892 / 2, 12);
    expect(fake.balances.get('XXBT')).toBeCloseTo(fill.quantity, 12);
    expect(fake.balances.get('ZUSD')).toBeCloseTo(1_000_000 - fill.quoteAmount - fill.feeQuote, 5);
  });

  it('a rejection and a rate limit: certainly nothing traded, and the words say so', async () => {
    await fake.close();
    fake = await startFakeKrakenServer({ balances: { ZUSD: 10 } });
    const refused = await unknownOf(buy('f-funds'));
    expect(refused).toMatchObject({ outcomeUnknown: false, rateLimited: false });
    expect(refused.message).toMatch(/EOrder:Insufficient funds/);

    fake.failNext('AddOrder', { error: 'EAPI:Rate limit exceeded' });
    const limited = await unknownOf(buy('f-limit'));
    expect(limited).toMatchObject({ outcomeUnknown: false, rateLimited: true });
    expect(limited.message).toMatch(/limiting this account's request rate.*nothing was done/);
    expect(fake.orders.size).toBe(0);
    expect(fake.balances.get('ZUSD')).toBe(10);
  });

  it('a connection cut before Kraken saw the order: pending until its deadline, then absent', async () => {
    fake.failNext('AddOrder', { drop: true });
    expect((await unknownOf(buy('f-lost'))).outcomeUnknown).toBe(true);
    expect(fake.orders.size).toBe(0);
    const sentAt = now;
    expect(await lookup('f-lost', sentAt)).toMatchObject({ state: 'pending' });
    now = sentAt + ORDER_DEADLINE_MS + LOOKUP_MARGIN_MS + 1;
    expect(await lookup('f-lost', sentAt)).toMatchObject({ state: 'absent' });
  });

  it("Kraken's own deadline refuses an order that arrives late", async () => {
    const late = executor({ clock: () => Date.now() - ORDER_DEADLINE_MS - 1_000 });
    await expect(late.marketOrder(buy('f-late'))).rejects.toThrow(/EOrder:Deadline elapsed/);
    expect(fake.orders.size).toBe(0);
  });

  it("keeps Kraken's dead-man switch armed while the order works, and disarms it after", async () => {
    fake.behaviour.holdOpen = true;
    await unknownOf(buy('f-dead'));
    const calls = fake.requests.map((r) =>
      r.endpoint === 'CancelAllOrdersAfter' ? `${r.endpoint} ${r.query.timeout}` : r.endpoint,
    );
    const placed = calls.indexOf('AddOrder');
    expect(calls.slice(0, placed)).toContain('CancelAllOrdersAfter 60');
    expect(calls.at(-1)).toBe('CancelAllOrdersAfter 0');
    expect(fake.behaviour.deadManUntil).toBe(0);
  });
});
