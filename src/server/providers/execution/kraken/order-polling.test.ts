import { describe, expect, it } from 'vitest';
import type { KrakenDepthResult } from '../../market/kraken/transform';
import { ExecutionError } from '../executor';
import type { AddOrderParams, KrakenTradingApi } from './api';
import { createKrakenExecutor, LOOKUP_MARGIN_MS, ORDER_DEADLINE_MS } from './index';
import type { KrakenOrderInfo } from './transform';

const depth: KrakenDepthResult = {
  XXBTZUSD: { asks: [['100.0', '10', 1]], bids: [['99.0', '10', 1]] },
};
const closed: KrakenOrderInfo = {
  status: 'closed',
  vol: '1.00000000',
  vol_exec: '1.00000000',
  cost: '100.00000',
  fee: '0.40000',
  price: '100.0',
};

/**
 * A Kraken api answering QueryOrders from a script, one state (or error) per call, and logging
 * every call in order, so the dead-man switch can be seen around AddOrder.
 */
function scripted(states: (KrakenOrderInfo | Error)[], found = { open: {}, closed: {} }) {
  const sent: AddOrderParams[] = [];
  const calls: string[] = [];
  let queries = 0;
  const api: KrakenTradingApi = {
    assetPair: async () => ({ altname: 'XBTUSD', base: 'XXBT', quote: 'ZUSD', lot_decimals: 8 }),
    depth: async () => depth,
    addOrder: async (params) => {
      calls.push('AddOrder');
      sent.push(params);
      return 'OTEST1-AAAAA-BBBBBB';
    },
    queryOrder: async () => {
      calls.push('QueryOrders');
      const state = states[Math.min(queries++, states.length - 1)]!;
      if (state instanceof Error) throw state;
      return state;
    },
    ordersByClientId: async () => found,
    cancelAllOrdersAfter: async (timeout) => {
      calls.push(`CancelAllOrdersAfter ${timeout}`);
    },
    balance: async () => ({}),
  };
  return { api, sent, calls, queries: () => queries };
}

const NOW = Date.parse('2026-11-28T10:00:00.000Z');

const order = { symbol: 'BTC/USD', exchangeSymbol: 'XBTUSD', side: 'buy', clientOrderId: 'c1' } as const;

describe('kraken executor waits for the market order to close', () => {
  it('asks again while Kraken still shows it pending or open', async () => {
    const { api, queries } = scripted([
      { ...closed, status: 'pending' },
      { ...closed, status: 'open' },
      closed,
    ]);
    const executor = createKrakenExecutor({ apiKey: 'k', apiSecret: 's', api, pollIntervalMs: 1 });
    const fill = await executor.marketOrder({ ...order, quoteAmount: 100 });
    expect(fill).toMatchObject({
      orderId: 'OTEST1-AAAAA-BBBBBB',
      quantity: 1,
      quoteAmount: 100,
      feeQuote: 0.4,
    });
    expect(queries()).toBe(3);
  });

  it('gives up after its checks, saying the outcome is unknown', async () => {
    const { api, queries } = scripted([{ ...closed, status: 'open', vol_exec: '0' }]);
    const executor = createKrakenExecutor({
      apiKey: 'k',
      apiSecret: 's',
      api,
      pollIntervalMs: 1,
      pollAttempts: 4,
    });
    const error = await executor.marketOrder({ ...order, quantity: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionError);
    expect(error).toMatchObject({
      outcomeUnknown: true,
      message: expect.stringMatching(/not known after 4 checks \(still open\)/) as string,
    });
    expect(queries()).toBe(4);
  });

  it('reports an order Kraken cancelled unfilled, with its reason', async () => {
    const { api } = scripted([
      { ...closed, status: 'canceled', vol_exec: '0.00000000', reason: 'User requested' },
    ]);
    const executor = createKrakenExecutor({ apiKey: 'k', apiSecret: 's', api, pollIntervalMs: 1 });
    await expect(executor.marketOrder({ ...order, quantity: 1 })).rejects.toThrow(
      /Kraken canceled order OTEST1-AAAAA-BBBBBB without filling it: User requested/,
    );
  });

  it('arms the dead-man switch before the order, sends a deadline, and disarms after', async () => {
    const { api, sent, calls } = scripted([closed]);
    const executor = createKrakenExecutor({
      apiKey: 'k',
      apiSecret: 's',
      api,
      pollIntervalMs: 1,
      clock: () => NOW,
    });
    await executor.marketOrder({ ...order, quantity: 1 });
    expect(calls).toEqual(['CancelAllOrdersAfter 60', 'AddOrder', 'QueryOrders', 'CancelAllOrdersAfter 0']);
    expect(sent[0]?.deadline).toBe(new Date(NOW + ORDER_DEADLINE_MS).toISOString());
  });

  it('sends nothing when the dead-man switch cannot be armed', async () => {
    const { api, calls } = scripted([closed]);
    api.cancelAllOrdersAfter = async () => {
      throw new ExecutionError('Kraken unreachable, could not arm the dead-man switch');
    };
    const executor = createKrakenExecutor({ apiKey: 'k', apiSecret: 's', api, pollIntervalMs: 1 });
    const error = await executor.marketOrder({ ...order, quantity: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      outcomeUnknown: false,
      message: expect.stringMatching(/dead-man/) as string,
    });
    expect(calls).not.toContain('AddOrder');
  });

  it('keeps checking through failed and rate-limited status checks once the order is placed', async () => {
    const limited = new ExecutionError('Kraken is limiting this account', { rateLimited: true });
    const { api, queries } = scripted([new ExecutionError('Kraken unreachable'), limited, closed]);
    const executor = createKrakenExecutor({ apiKey: 'k', apiSecret: 's', api, pollIntervalMs: 1 });
    await expect(executor.marketOrder({ ...order, quantity: 1 })).resolves.toMatchObject({ quantity: 1 });
    expect(queries()).toBe(3);
  });

  it('calls an order whose checks all fail unknown, never failed', async () => {
    const { api } = scripted([new ExecutionError('Kraken unreachable, could not read order')]);
    const executor = createKrakenExecutor({
      apiKey: 'k',
      apiSecret: 's',
      api,
      pollIntervalMs: 1,
      pollAttempts: 3,
    });
    const error = await executor.marketOrder({ ...order, quantity: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ outcomeUnknown: true });
  });
});

describe('kraken executor looks an order up by its client id', () => {
  const query = { ...order, side: 'buy' as const, sentAt: NOW - 5_000, lostAt: NOW };
  const lookUp = (found: Parameters<typeof scripted>[1], at: number) =>
    createKrakenExecutor({
      apiKey: 'k',
      apiSecret: 's',
      api: scripted([], found).api,
      clock: () => at,
    }).lookupOrder(query);

  it('finds a fill among the closed orders, a partial one too', async () => {
    const partial = {
      ...closed,
      status: 'canceled' as const,
      vol_exec: '0.40000000',
      cost: '40.00000',
      fee: '0.16000',
    };
    expect(await lookUp({ open: {}, closed: { 'OFOUND-AAAAA-BBBBBB': partial } }, NOW)).toEqual({
      state: 'filled',
      fill: expect.objectContaining({
        orderId: 'OFOUND-AAAAA-BBBBBB',
        quantity: 0.4,
        quoteAmount: 40,
        feeQuote: 0.16,
      }) as unknown,
    });
  });

  it('waits while the order is open or not found before its deadline has passed', async () => {
    const open = { ...closed, status: 'open' as const, vol_exec: '0' };
    expect(await lookUp({ open: { 'OOPEN-AAAAA-BBBBBB': open }, closed: {} }, NOW)).toMatchObject({
      state: 'pending',
    });
    const justBefore = NOW + ORDER_DEADLINE_MS + LOOKUP_MARGIN_MS;
    expect(await lookUp({ open: {}, closed: {} }, justBefore)).toMatchObject({ state: 'pending' });
  });

  it('calls it absent only when closed unfilled, or nowhere after its deadline', async () => {
    const empty = { ...closed, status: 'canceled' as const, vol_exec: '0.00000000', cost: '0', fee: '0' };
    expect(await lookUp({ open: {}, closed: { 'OEMPTY-AAAAA-BBBBBB': empty } }, NOW)).toMatchObject({
      state: 'absent',
    });
    const after = NOW + ORDER_DEADLINE_MS + LOOKUP_MARGIN_MS + 1;
    expect(await lookUp({ open: {}, closed: {} }, after)).toMatchObject({
      state: 'absent',
      reason: expect.stringMatching(/never received it/) as string,
    });
  });

  it('stays pending when the exchange does not answer the lookup', async () => {
    const { api } = scripted([]);
    api.ordersByClientId = async () => {
      throw new ExecutionError('Kraken is limiting this account', { rateLimited: true });
    };
    const executor = createKrakenExecutor({
      apiKey: 'k',
      apiSecret: 's',
      api,
      clock: () => NOW + 10 * 60_000,
    });
    expect(await executor.lookupOrder(query)).toMatchObject({ state: 'pending' });
  });
});
