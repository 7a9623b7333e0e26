import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_KRAKEN_CREDENTIALS,
  startFakeKrakenServer,
  type FakeKrakenServer,
} from '../../market/kraken/fake-kraken-server';
import { ExecutionError, type Executor, type MarketOrder } from '../executor';
import { createKrakenExecutor } from './index';

/*
 * The fake Kraken fills at the recorded XBTUSDT book (Depth.json) whatever the pair:
 *   asks 105944.3 × 0.136 | 105946.9 × 0.095 | 105955.8 × 0.003 | 105955.9 × 0.103 | 105963.6 × 0.024
 *   bids 105944.2 × 0.002 | 105935.4 × 0.024 | 105918.8 × 0.095 | 105916.8 × 0.016 | 105916.7 × 0.005
 * with the pairs' first-tier taker fee, 0.4 %, and states cost and fee with 5 decimals.
 */
const round5 = (value: number) => Number(value.toFixed(5));

describe('kraken executor against the fake Kraken', () => {
  let fake: FakeKrakenServer;
  let executor: Executor;
  const executorFor = (over: Partial<Parameters<typeof createKrakenExecutor>[0]> = {}) =>
    createKrakenExecutor({
      ...FAKE_KRAKEN_CREDENTIALS,
      baseUrl: fake.url,
      rateLimit: false,
      pollIntervalMs: 1,
      ...over,
    });
  const btc = (over: Partial<MarketOrder>): MarketOrder => ({
    symbol: 'BTC/USD',
    exchangeSymbol: 'XBTUSD',
    side: 'buy',
    clientOrderId: 't1-open',
    ...over,
  });
  const sent = (endpoint: string) => fake.requests.filter((r) => r.endpoint === endpoint);

  beforeAll(async () => {
    fake = await startFakeKrakenServer();
    executor = executorFor();
  });
  afterAll(async () => fake.close());

  it('buys 1000 USD of BTC: base volume from the book, fill and fee read back from Kraken', async () => {
    expect(executor.name).toBe('kraken');
    const fill = await executor.marketOrder(btc({ quoteAmount: 1000 }));

    // 1000 / 105944.3 = 0.0094389236... → 8 lot decimals, rounded down.
    const addOrder = sent('AddOrder').at(-1);
    expect(addOrder?.query).toMatchObject({
      pair: 'XBTUSD',
      type: 'buy',
      ordertype: 'market',
      volume: '0.00943892',
      oflags: 'fciq',
      cl_ord_id: 't1-open',
    });
    const cost = round5(0.00943892 * 105944.3); // 999.99961...
    expect(fill).toEqual({
      orderId: expect.stringMatching(/^O[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{6}$/) as string,
      averagePrice: cost / 0.00943892,
      quantity: 0.00943892,
      quoteAmount: cost,
      feeQuote: round5(cost * 0.004),
      slippagePercent: expect.any(Number) as number,
      filledAt: expect.any(Number) as number,
    });
    expect(fill.feeQuote).toBeCloseTo(4, 4);
    expect(fill.slippagePercent).toBeLessThan(1e-6);
    expect(fake.orders.get(fill.orderId)).toMatchObject({ clOrdId: 't1-open', status: 'closed' });
    expect(sent('QueryOrders').at(-1)?.query.txid).toBe(fill.orderId);
  });

  it('sells 0.05 BTC down three bid levels, with slippage against the best bid', async () => {
    const fill = await executor.marketOrder(btc({ side: 'sell', quantity: 0.05, clientOrderId: 't1-close' }));
    expect(sent('AddOrder').at(-1)?.query).toMatchObject({ type: 'sell', volume: '0.05000000' });
    const cost = round5(0.002 * 105944.2 + 0.024 * 105935.4 + 0.024 * 105918.8);
    expect(fill.quantity).toBe(0.05);
    expect(fill.quoteAmount).toBe(cost);
    expect(fill.feeQuote).toBe(round5(cost * 0.004));
    expect(fill.averagePrice).toBeCloseTo(cost / 0.05, 8);
    expect(fill.slippagePercent).toBeCloseTo(((105944.2 - cost / 0.05) / 105944.2) * 100, 8);
    expect(fill.slippagePercent).toBeGreaterThan(0.005);
  });

  it("rounds the volume to the pair's own lot (BNB/USD: 5 decimals), read once from AssetPairs", async () => {
    const before = sent('AssetPairs').length;
    const bnb = { symbol: 'BNB/USD', exchangeSymbol: 'BNBUSD' };
    await executor.marketOrder(btc({ ...bnb, quoteAmount: 1000, clientOrderId: 'bnb-1' }));
    await executor.marketOrder(btc({ ...bnb, quoteAmount: 1000, clientOrderId: 'bnb-2' }));
    expect(sent('AddOrder').at(-1)?.query.volume).toBe('0.00943');
    expect(sent('AssetPairs').length - before).toBe(1);
  });

  it('gets a fresh nonce for every private call, also for orders sent at once', async () => {
    const fills = await Promise.all(
      ['p1', 'p2', 'p3'].map((id) => executor.marketOrder(btc({ quoteAmount: 100, clientOrderId: id }))),
    );
    expect(new Set(fills.map((f) => f.orderId)).size).toBe(3);
  });

  it('reports the part Kraken filled when the book runs out (a sell of 1 BTC: 0.142 there)', async () => {
    const fill = await executor.marketOrder(btc({ side: 'sell', quantity: 1, clientOrderId: 'big-sell' }));
    expect(fill.quantity).toBeCloseTo(0.142, 10);
    expect(fake.orders.get(fill.orderId)).toMatchObject({
      status: 'canceled',
      reason: 'Insufficient liquidity',
    });
  });

  it('refuses unsent: a buy the book cannot fill, a client id Kraken would refuse', async () => {
    const orders = sent('AddOrder').length;
    await expect(executor.marketOrder(btc({ quoteAmount: 40000 }))).rejects.toThrow(
      /Order book too thin: Kraken's XBTUSD book holds only 38247\.83 of the 40000 asked/,
    );
    await expect(
      executor.marketOrder(btc({ quoteAmount: 10, clientOrderId: 'a-much-too-long-client-id' })),
    ).rejects.toThrow(/client order id/);
    expect(sent('AddOrder')).toHaveLength(orders);
  });

  it("surfaces Kraken's refusals as ExecutionError with Kraken's words", async () => {
    fake.failNext('AddOrder', { error: 'EOrder:Insufficient funds' });
    const refused = await executor.marketOrder(btc({ quoteAmount: 1000 })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ExecutionError);
    expect((refused as ExecutionError).message).toMatch(/EOrder:Insufficient funds/);
    expect((refused as ExecutionError).outcomeUnknown).toBe(false);

    // ADA's minimum is 4.4 ADA; 1000 USD at the fake's BTC-level prices is 0.0094.
    const ada = { symbol: 'ADA/USD', exchangeSymbol: 'ADAUSD', quoteAmount: 1000 };
    await expect(executor.marketOrder(btc(ada))).rejects.toThrow(/EOrder:Order minimum not met/);
  });

  it('fails with a wrong secret or key: the fake verifies the signature, nothing is placed', async () => {
    const placed = fake.orders.size;
    const wrongSecret = executorFor({ apiSecret: Buffer.from('not the secret').toString('base64') });
    await expect(wrongSecret.marketOrder(btc({ quoteAmount: 100 }))).rejects.toThrow(
      /Kraken refused to arm the dead-man switch \(60 s\): EAPI:Invalid signature/,
    );
    const wrongKey = executorFor({ apiKey: 'someone-else' });
    await expect(wrongKey.marketOrder(btc({ quoteAmount: 100 }))).rejects.toThrow(/EAPI:Invalid key/);
    expect(fake.orders.size).toBe(placed);
  });

  it('network down → ExecutionError; a connection cut while placing → outcome unknown', async () => {
    const down = executorFor({ baseUrl: 'http://127.0.0.1:1' });
    const error = await down.marketOrder(btc({ quoteAmount: 100 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionError);
    expect((error as ExecutionError).message).toMatch(/Kraken unreachable.*ECONNREFUSED/);
    expect((error as ExecutionError).outcomeUnknown).toBe(false);

    fake.failNext('AddOrder', { drop: true });
    const cut = await executor.marketOrder(btc({ quoteAmount: 100 })).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ExecutionError);
    expect((cut as ExecutionError).message).toMatch(/may have been placed/);
    expect((cut as ExecutionError).outcomeUnknown).toBe(true);

    // Once placed, a failed status check is asked again, never taken for a failed order.
    fake.failNext('QueryOrders', { error: 'EService:Unavailable' });
    await expect(executor.marketOrder(btc({ quoteAmount: 100 }))).resolves.toMatchObject({
      quantity: 0.00094389,
    });
  });
});
