import { describe, expect, it } from 'vitest';
import {
  entryCost,
  entryOrderQuote,
  isPastStopLoss,
  midPrice,
  percent,
  price,
  profitOf,
  stopLossPrice,
} from './trade-maths';

describe('trade maths', () => {
  it('sizes the entry order so that fill and fee stay within the amount', () => {
    expect(entryOrderQuote(25_000, 0.26)).toBe(249.35);
    expect(249.35 * 1.0026).toBeLessThanOrEqual(250);
    expect((249.35 + 0.01) * 1.0026).toBeGreaterThan(250);
    expect(entryOrderQuote(1_000, 0)).toBe(10);
  });

  it('puts the stop-loss below a buy and above a sell', () => {
    expect(stopLossPrice('buy', 50_000, 1.2)).toBeCloseTo(49_400, 8);
    expect(stopLossPrice('sell', 2_000, 1)).toBeCloseTo(2_020, 8);
    expect(isPastStopLoss('buy', 49_400, 49_400)).toBe(true);
    expect(isPastStopLoss('buy', 49_400, 49_401)).toBe(false);
    expect(isPastStopLoss('sell', 2_020, 2_020.5)).toBe(true);
    expect(isPastStopLoss('sell', 2_020, 2_019)).toBe(false);
  });

  it("adds the offer's assumed fee back once and deducts this entry's costs", () => {
    // The brief's example: 0.42 % before fees, 0.52 % fees, 0.03 % slippage → -0.13 %.
    const cost = entryCost({
      expectedProfitPercent: -0.1,
      offerFeePercent: 0.52,
      takerFeePercent: 0.26,
      entrySlippagePercent: 0.015,
      spreadPercent: 0,
    });
    expect(cost.expected).toBeCloseTo(0.42, 10);
    expect(cost.fees).toBeCloseTo(0.52, 10);
    expect(cost.slippage).toBeCloseTo(0.03, 10);
    expect(cost.net).toBeCloseTo(-0.13, 10);
    // Same fee as the offer assumed and no slippage or spread: the offer's own expected profit.
    expect(
      entryCost({
        expectedProfitPercent: 1.3,
        offerFeePercent: 0.52,
        takerFeePercent: 0.26,
        entrySlippagePercent: 0,
        spreadPercent: 0,
      }).net,
    ).toBeCloseTo(1.3, 10);
  });

  it('books a long as exit proceeds minus the entry cost, both fees included', () => {
    const entry = { quote: 249.35, fee: 0.6483 };
    const exit = { quote: 256.9, fee: 0.6679 };
    const { profitCents, profitPercent } = profitOf({ side: 'buy', amountCents: 25_000, entry, exit });
    expect(profitCents).toBe(Math.round((256.9 - 0.6679 - 249.35 - 0.6483) * 100));
    expect(profitPercent).toBeCloseTo((profitCents / 25_000) * 100, 12);
  });

  it('books a short as entry proceeds minus the buy-back, and never loses more than its margin', () => {
    const entry = { quote: 99.74, fee: 0.2593 };
    expect(
      profitOf({ side: 'sell', amountCents: 10_000, entry, exit: { quote: 97, fee: 0.2522 } }).profitCents,
    ).toBe(Math.round((99.74 - 0.2593 - 97 - 0.2522) * 100));
    const blown = profitOf({ side: 'sell', amountCents: 10_000, entry, exit: { quote: 240, fee: 0.62 } });
    expect(blown).toEqual({ profitCents: -10_000, profitPercent: -100 });
  });

  it('formats figures for messages', () => {
    expect(midPrice({ bids: [[99, 1]], asks: [[101, 1]] })).toBe(100);
    expect(midPrice({ bids: [], asks: [[101, 1]] })).toBe(101);
    expect(midPrice({ bids: [], asks: [] })).toBeNull();
    expect([percent(-0.125), percent(0.4), percent(-0), percent(-0.001)]).toEqual([
      '-0.13%',
      '0.40%',
      '0.00%',
      '0.00%',
    ]);
    expect([price(64_000.5), price(2.5), price(0.000123)]).toEqual(['64000.50', '2.5000', '0.00012300']);
  });
});
