import { describe, expect, it } from 'vitest';
import type { OrderBook } from '../../providers/market/market-source';
import { closeOrderId } from './trade-monitor';
import { closeReasonOf, estimateExit } from './trade-marks';

const book = (mid: number, levels: [number, number][] = [[0, 10]]): OrderBook => ({
  symbol: 'BTC/USD',
  bids: levels.map(([offset, qty]) => [mid - 5 - offset, qty]),
  asks: levels.map(([offset, qty]) => [mid + 5 + offset, qty]),
  timestamp: 0,
});

// A long of 0.005 BTC bought at 50,000 for $250 plus a $0.65 fee.
const long = { side: 'buy' as const, amountCents: 25_065, quantity: 0.005, entry: { quote: 250, fee: 0.65 } };

describe('trade marks', () => {
  it('prices closing a long now at the bids, with the exit fee', () => {
    const estimate = estimateExit(book(52_005), long, 0.26)!;
    const exitQuote = 0.005 * 52_000;
    const expected = Math.round((exitQuote - exitQuote * 0.0026 - 250.65) * 100);
    expect(estimate.profitCents).toBe(expected);
    expect(estimate.averagePrice).toBe(52_000);
  });

  it('walks the book for the whole quantity and prices a missing remainder at the deepest level', () => {
    const thin = book(50_005, [
      [0, 0.002],
      [100, 0.001],
    ]);
    const estimate = estimateExit(thin, long, 0)!;
    // 0.002 at 50,000, 0.001 at 49,900, the last 0.002 at 49,900 too.
    expect(estimate.averagePrice).toBeCloseTo((0.002 * 50_000 + 0.003 * 49_900) / 0.005, 6);
    expect(estimateExit({ ...thin, bids: [] }, long, 0)).toBeNull();
  });

  it('closes at the stop-loss first, then the auto-close profit, then expiration', () => {
    const rule = {
      side: 'buy' as const,
      stopLossPrice: 49_400,
      autoCloseProfitPercent: 2,
      expiresAt: new Date(1_000),
    };
    const at = new Date(0);
    const profit = (profitPercent: number) => ({ profitCents: 0, profitPercent, averagePrice: 0 });
    expect(closeReasonOf(rule, book(49_400), profit(3), new Date(5_000))).toBe('stop_loss');
    expect(closeReasonOf(rule, book(51_000), profit(2), new Date(5_000))).toBe('auto_close');
    expect(closeReasonOf(rule, book(51_000), profit(1.99), new Date(5_000))).toBe('expired');
    expect(closeReasonOf(rule, book(51_000), profit(1.99), at)).toBeNull();
    expect(closeReasonOf({ ...rule, side: 'sell', stopLossPrice: 50_500 }, book(50_500), profit(0), at)).toBe(
      'stop_loss',
    );
  });

  it("derives each exit attempt's client id from the trade and its claim as a stable UUID", () => {
    const at = new Date('2026-11-28T10:00:00.000Z');
    const id = closeOrderId('2f0c2d8e-6a57-4c5b-9d0e-0b7f7c8d1a22', at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(closeOrderId('2f0c2d8e-6a57-4c5b-9d0e-0b7f7c8d1a22', new Date(at))).toBe(id);
    expect(closeOrderId('2f0c2d8e-6a57-4c5b-9d0e-0b7f7c8d1a23', at)).not.toBe(id);
    expect(closeOrderId('2f0c2d8e-6a57-4c5b-9d0e-0b7f7c8d1a22', new Date(at.getTime() + 1))).not.toBe(id);
  });
});
