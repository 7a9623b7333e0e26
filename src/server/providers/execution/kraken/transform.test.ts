import { describe, expect, it } from 'vitest';
import type { OrderBook } from '../../market/market-source';
import { ExecutionError } from '../executor';
import { formatVolume, orderState, toFill, type KrakenOrderInfo } from './transform';

const book: OrderBook = {
  symbol: 'BTC/USD',
  asks: [[100, 1]],
  bids: [[99, 1]],
  timestamp: 0,
};
const order = (over: Partial<KrakenOrderInfo>): KrakenOrderInfo => ({
  status: 'closed',
  vol: '0.50000000',
  vol_exec: '0.50000000',
  cost: '50.50000',
  fee: '0.20200',
  price: '101.00000',
  closetm: 1762820250.1234,
  ...over,
});

describe('Kraken order → Fill', () => {
  it("takes Kraken's figures: average = cost / vol_exec, slippage against the best ask", () => {
    expect(toFill('OTX', order({}), 'buy', book, 5)).toEqual({
      orderId: 'OTX',
      averagePrice: 101,
      quantity: 0.5,
      quoteAmount: 50.5,
      feeQuote: 0.202,
      slippagePercent: 1,
      filledAt: 1762820250123,
    });
    // A sell above the best bid is no slippage (never negative).
    expect(toFill('OTX', order({}), 'sell', book, 5).slippagePercent).toBe(0);
    expect(toFill('OTX', order({ closetm: undefined }), 'buy', book, 5).filledAt).toBe(5);
  });

  it('knows working, filled and empty orders, and refuses broken figures', () => {
    expect(orderState(order({ status: 'open', vol_exec: '0' }))).toBe('working');
    expect(orderState(order({ status: 'pending' }))).toBe('working');
    expect(orderState(order({ status: 'canceled', vol_exec: '0.1' }))).toBe('filled');
    expect(orderState(order({ status: 'canceled', vol_exec: '0.00000000' }))).toBe('empty');
    expect(() => toFill('OTX', order({ cost: 'abc' }), 'buy', book, 0)).toThrow(ExecutionError);
    expect(() => toFill('OTX', order({ vol_exec: '0' }), 'buy', book, 0)).toThrow(/filled nothing/);
  });

  it("rounds volumes down to the pair's lot, without exponents or lost units", () => {
    expect(formatVolume(0.0094389236, 8)).toBe('0.00943892');
    expect(formatVolume(0.0094389236, 5)).toBe('0.00943');
    expect(formatVolume(0.29, 8)).toBe('0.29000000');
    expect(formatVolume(1e-7, 8)).toBe('0.00000010');
    expect(formatVolume(1234.5, 2)).toBe('1234.50');
    expect(formatVolume(4e-9, 8)).toBe('0.00000000');
  });
});
