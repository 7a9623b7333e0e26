import { beforeAll, describe, expect, it } from 'vitest';
import { readKrakenFixture } from '../market/kraken/fake-kraken-server';
import { toOrderBook, type KrakenDepthResult } from '../market/kraken/transform';
import type { OrderBook } from '../market/market-source';
import { bookSpreadPercent, estimateFill, estimateFillByQuantity, roundTripCostPercent } from './entry-cost';

/*
 * The recorded XBTUSDT book (Depth.json, 2025-11-11), best first:
 *   asks 105944.3 × 0.136 | 105946.9 × 0.095 | 105955.8 × 0.003 | 105955.9 × 0.103 | 105963.6 × 0.024
 *   bids 105944.2 × 0.002 | 105935.4 × 0.024 | 105918.8 × 0.095 | 105916.8 × 0.016 | 105916.7 × 0.005
 * Level values (price × quantity): asks 14408.4248, 10064.9555, 317.8674, 10913.4577, 2543.1264
 * (all asks: 38247.8318 for 0.361 BTC); bids 211.8884, 2542.4496, 10062.286, ...
 */
describe('entry cost on the recorded Kraken book', () => {
  let book: OrderBook;
  beforeAll(async () => {
    const depth = await readKrakenFixture<{ result: KrakenDepthResult }>('Depth.json');
    book = toOrderBook(depth.result, 'BTC/USDT', 0);
  });

  it('buys a small amount inside the best ask: no slippage', () => {
    const fill = estimateFill(book, 'buy', 1000);
    expect(fill.filledFully).toBe(true);
    expect(fill.averagePrice).toBeCloseTo(105944.3, 6);
    expect(fill.quantity).toBeCloseTo(1000 / 105944.3, 12); // 0.00943892...
    expect(fill.quoteAmount).toBeCloseTo(1000, 8);
    expect(fill.slippagePercent).toBeCloseTo(0, 10);
    expect(fill.worstPrice).toBe(105944.3);
  });

  it('buys 20,000 across two ask levels', () => {
    // 14408.4248 takes all 0.136 at 105944.3; the other 5591.5752 buys 0.05277715 at 105946.9.
    const quantity = 0.136 + 5591.5752 / 105946.9;
    const average = 20000 / quantity; // 105945.0269
    const fill = estimateFill(book, 'buy', 20000);
    expect(fill.filledFully).toBe(true);
    expect(fill.quantity).toBeCloseTo(quantity, 12);
    expect(quantity).toBeCloseTo(0.18877715, 8);
    expect(fill.averagePrice).toBeCloseTo(average, 6);
    expect(average).toBeCloseTo(105945.0269, 4);
    expect(fill.slippagePercent).toBeCloseTo(((average - 105944.3) / 105944.3) * 100, 10);
    expect(fill.slippagePercent).toBeCloseTo(0.000686, 6);
    expect(fill.worstPrice).toBe(105946.9);
  });

  it('says when the book is too thin to fill the amount', () => {
    const fill = estimateFill(book, 'buy', 40000);
    expect(fill.filledFully).toBe(false);
    expect(fill.quantity).toBeCloseTo(0.361, 12);
    expect(fill.quoteAmount).toBeCloseTo(38247.8318, 6);
    expect(fill.worstPrice).toBe(105963.6);
    // Exactly the whole side still fills.
    expect(estimateFill(book, 'buy', 38247.8318).filledFully).toBe(true);
    expect(estimateFill({ ...book, asks: [] }, 'buy', 10)).toMatchObject({
      filledFully: false,
      quantity: 0,
      averagePrice: 0,
      slippagePercent: 0,
    });
  });

  it('sells 5,000 down three bid levels', () => {
    // 211.8884 (0.002) + 2542.4496 (0.024) = 2754.338; 2245.662 more at 105918.8.
    const quantity = 0.002 + 0.024 + 2245.662 / 105918.8;
    const average = 5000 / quantity;
    const fill = estimateFill(book, 'sell', 5000);
    expect(fill.filledFully).toBe(true);
    expect(fill.quantity).toBeCloseTo(quantity, 12);
    expect(fill.averagePrice).toBeCloseTo(average, 6);
    expect(fill.slippagePercent).toBeCloseTo(((105944.2 - average) / 105944.2) * 100, 10);
    expect(fill.slippagePercent).toBeCloseTo(0.014992, 6); // average 105928.3166
    expect(fill.worstPrice).toBe(105918.8);
  });

  it('sells a base quantity (closing a long)', () => {
    const fill = estimateFillByQuantity(book, 'sell', 0.05);
    // 0.002 + 0.024 + 0.024 of the 0.095 at 105918.8
    const quote = 0.002 * 105944.2 + 0.024 * 105935.4 + 0.024 * 105918.8;
    expect(fill.filledFully).toBe(true);
    expect(fill.quantity).toBeCloseTo(0.05, 12);
    expect(fill.quoteAmount).toBeCloseTo(quote, 6);
    expect(fill.averagePrice).toBeCloseTo(quote / 0.05, 6);
    expect(estimateFillByQuantity(book, 'sell', 1).filledFully).toBe(false);
  });

  it('refuses a size that is not a positive number', () => {
    expect(() => estimateFill(book, 'buy', 0)).toThrow(RangeError);
    expect(() => estimateFill(book, 'buy', Number.NaN)).toThrow(RangeError);
    expect(() => estimateFillByQuantity(book, 'sell', -1)).toThrow(RangeError);
  });

  it('prices the round trip: fee both ways, slippage in and out, the spread once', () => {
    const spread = bookSpreadPercent(book);
    expect(spread).toBeCloseTo((0.1 / 105944.25) * 100, 10);
    const slippage = estimateFill(book, 'buy', 20000).slippagePercent;
    expect(roundTripCostPercent({ takerFeePercent: 0.26, slippagePercent: slippage })).toBeCloseTo(
      0.52 + 2 * slippage,
      12,
    );
    expect(
      roundTripCostPercent({ takerFeePercent: 0.4, slippagePercent: 0.1, spreadPercent: spread ?? 0 }),
    ).toBeCloseTo(0.8 + 0.2 + (spread ?? 0), 12);
    expect(() => roundTripCostPercent({ takerFeePercent: -1, slippagePercent: 0 })).toThrow(RangeError);
    expect(bookSpreadPercent({ ...book, bids: [] })).toBeNull();
  });
});
