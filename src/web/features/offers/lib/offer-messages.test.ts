import { describe, expect, it } from 'vitest';
import { tradeOpenedMessage } from './offer-messages';

describe('tradeOpenedMessage', () => {
  const trade = {
    id: 't1',
    offerId: 'o1',
    pair: 'SOL/USD',
    positionType: 'quick_long',
    amount: 100,
    profit: -0.54,
    status: 'open',
    entryPrice: 469.77,
    exitPrice: null,
    autoCloseProfitPercent: 0.1,
    openedAt: '2026-11-23T06:03:05.466Z',
    closedAt: null,
  } as const;

  it('names the pair, the entry and the balance left, in dollars with cents', () => {
    expect(tradeOpenedMessage({ trade, balance: 1400.5 })).toBe(
      'Trade opened: SOL/USD $100.00; balance $1,400.50',
    );
  });

  it("says so when the exchange has not told the order's outcome yet", () => {
    expect(tradeOpenedMessage({ trade: { ...trade, orderCheck: 'entry' }, balance: 1400.5 })).toBe(
      'Trade opened: SOL/USD $100.00; balance $1,400.50. Order status unknown — checking with the exchange',
    );
  });
});
