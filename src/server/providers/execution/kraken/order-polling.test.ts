import { describe, expect, it } from 'vitest';
import type { KrakenDepthResult } from '../../market/kraken/transform';
import { ExecutionError } from '../executor';
import type { AddOrderParams, KrakenTradingApi } from './api';
import { createKrakenExecutor } from './index';
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

/** A Kraken api answering QueryOrders from a script, one state per call. */
function scripted(states: KrakenOrderInfo[]) {
  const sent: AddOrderParams[] = [];
  let queries = 0;
  const api: KrakenTradingApi = {
    assetPair: async () => ({ altname: 'XBTUSD', base: 'XXBT', quote: 'ZUSD', lot_decimals: 8 }),
    depth: async () => depth,
    addOrder: async (params) => {
      sent.push(params);
      return 'OTEST1-AAAAA-BBBBBB';
    },
    queryOrder: async () => states[Math.min(queries++, states.length - 1)] as KrakenOrderInfo,
  };
  return { api, sent, queries: () => queries };
}

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
      message: expect.stringMatching(/still open after 4 checks/) as string,
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
});
