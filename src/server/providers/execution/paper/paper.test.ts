import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../market/clock';
import { createSimulatedMarketSource } from '../../market/simulated';
import { estimateFill, estimateFillByQuantity } from '../entry-cost';
import { ExecutionError, type MarketOrder } from '../executor';
import { createPaperExecutor } from './index';

const START = Date.UTC(2026, 0, 15, 12, 0, 30);

function setup(takerFeePercent = 0.26) {
  const clock = createManualClock(0);
  const source = createSimulatedMarketSource({ seed: 7, startTime: START, clock });
  return { clock, source, executor: createPaperExecutor({ source, takerFeePercent }) };
}

const order = (over: Partial<MarketOrder>): MarketOrder => ({
  symbol: 'BTC/USD',
  exchangeSymbol: 'XBTUSD',
  side: 'buy',
  clientOrderId: 't1-open',
  ...over,
});

describe('paper executor on the simulated market', () => {
  it('buys by quote amount at the current book, fee on top', async () => {
    const { source, executor } = setup();
    expect(executor.name).toBe('paper');
    const book = await source.fetchOrderBook('BTC/USD', 100);
    const expected = estimateFill(book, 'buy', 250);

    const fill = await executor.marketOrder(order({ quoteAmount: 250 }));
    expect(fill).toEqual({
      orderId: 'paper-t1-open',
      averagePrice: expected.averagePrice,
      quantity: expected.quantity,
      quoteAmount: expected.quoteAmount,
      feeQuote: (expected.quoteAmount * 0.26) / 100,
      slippagePercent: expected.slippagePercent,
      filledAt: START,
    });
    expect(fill.quoteAmount).toBeCloseTo(250, 8);
    expect(fill.feeQuote).toBeCloseTo(0.65, 8);
    expect(fill.averagePrice).toBeGreaterThanOrEqual(book.asks[0]?.[0] ?? Infinity);
  });

  it('walks deeper levels for a large buy: slippage grows with size', async () => {
    const { executor } = setup();
    const small = await executor.marketOrder(order({ symbol: 'XLM/USD', quoteAmount: 20 }));
    const large = await executor.marketOrder(order({ symbol: 'XLM/USD', quoteAmount: 5000 }));
    expect(small.slippagePercent).toBeLessThan(large.slippagePercent);
    expect(large.averagePrice).toBeGreaterThan(small.averagePrice);
  });

  it('sells by quantity (closing a long) at the bids, an hour later', async () => {
    const { clock, source, executor } = setup();
    const bought = await executor.marketOrder(order({ quoteAmount: 1000 }));
    clock.advance(3_600_000);
    const book = await source.fetchOrderBook('BTC/USD', 100);
    const expected = estimateFillByQuantity(book, 'sell', bought.quantity);
    const sold = await executor.marketOrder(
      order({ side: 'sell', quantity: bought.quantity, clientOrderId: 't1-close' }),
    );
    expect(sold).toMatchObject({
      orderId: 'paper-t1-close',
      quantity: bought.quantity,
      averagePrice: expected.averagePrice,
      quoteAmount: expected.quoteAmount,
      filledAt: START + 3_600_000,
    });
    expect(sold.averagePrice).toBeLessThanOrEqual(book.bids[0]?.[0] ?? 0);
    expect(sold.feeQuote).toBeCloseTo((sold.quoteAmount * 0.26) / 100, 10);
  });

  it('supports the other sizes too: a buy by quantity, a sell by quote amount', async () => {
    const { executor } = setup();
    const buy = await executor.marketOrder(order({ symbol: 'ETH/USD', quantity: 0.5 }));
    expect(buy.quantity).toBeCloseTo(0.5, 12);
    const sell = await executor.marketOrder(order({ symbol: 'ETH/USD', side: 'sell', quoteAmount: 100 }));
    expect(sell.quoteAmount).toBeCloseTo(100, 8);
  });

  it('an immediate round trip loses the spread and both fees', async () => {
    const { executor } = setup(0.4);
    const buy = await executor.marketOrder(order({ quoteAmount: 500 }));
    const sell = await executor.marketOrder(order({ side: 'sell', quantity: buy.quantity }));
    const paid = buy.quoteAmount + buy.feeQuote;
    const received = sell.quoteAmount - sell.feeQuote;
    expect(received).toBeLessThan(paid);
    expect(paid - received).toBeGreaterThan(buy.feeQuote + sell.feeQuote);
  });

  it('refuses what it cannot fill, with a clear ExecutionError', async () => {
    const { executor } = setup();
    await expect(executor.marketOrder(order({ quoteAmount: 1e12 }))).rejects.toThrow(
      /Order book too thin: a buy of 1000000000000 quote on BTC\/USD/,
    );
    await expect(executor.marketOrder(order({ symbol: 'NOPE/USD', quoteAmount: 10 }))).rejects.toThrow(
      /No order book for NOPE\/USD: Unknown pair NOPE\/USD/,
    );
    await expect(executor.marketOrder(order({}))).rejects.toBeInstanceOf(ExecutionError);
    await expect(executor.marketOrder(order({ quoteAmount: 10, quantity: 1 }))).rejects.toThrow(
      /exactly one size/,
    );
    await expect(executor.marketOrder(order({ quoteAmount: -5 }))).rejects.toThrow(/above 0/);
    await expect(executor.marketOrder(order({ quoteAmount: 5, clientOrderId: '' }))).rejects.toThrow(
      /clientOrderId/,
    );
  });
});
