import { describe, expect, it } from 'vitest';
import { KRAKEN_CURRENT, createConstantSlippage } from './costs';
import { markTradesToMarket, sumWindowPnl } from './mark-to-market';
import { simulateTrades } from './simulate-trades';
import { buildRandomUniverse } from './testing/synthetic-universe';
import type { Signal } from './types';

const universe = buildRandomUniverse({ seed: 11, hours: 24 * 40, symbols: ['A', 'B'], gapRate: 0.03 });
const signals: Signal[] = Array.from({ length: 60 }, (_, k) => ({
  pair: k % 2,
  at: 10 + k * 13,
  side: k % 3 ? 1 : -1,
  entry: { kind: 'market' },
  holdHours: 5 + ((k * 17) % 90),
}));
const { trades } = simulateTrades({
  universe,
  signals,
  fees: KRAKEN_CURRENT,
  slippage: createConstantSlippage(0.001),
});

describe('daily mark-to-market P&L', () => {
  it("adds up, day by day, to each trade's net return", () => {
    for (const path of markTradesToMarket(trades, universe)) {
      const total = path.pnl.reduce((a, b) => a + b, 0);
      expect(total).toBeCloseTo(path.trade.netReturn, 12);
      expect(path.pnl.length).toBe(Math.floor(path.trade.exitHour / 24) - path.firstDay + 1);
    }
  });

  it('sums only the trades decided in the window that ended before it', () => {
    const paths = markTradesToMarket(trades, universe);
    const window = { fromHour: 24 * 5, toHour: 24 * 30 };
    const inWindow = trades.filter((t) => t.at >= window.fromHour && t.exitHour < window.toHour);
    const daily = sumWindowPnl(paths, window);
    expect(daily.length).toBe(25);
    expect(daily.reduce((a, b) => a + b, 0)).toBeCloseTo(
      inWindow.reduce((a, t) => a + t.netReturn, 0),
      12,
    );
    expect(inWindow.length).toBeGreaterThan(10);
    expect(inWindow.length).toBeLessThan(trades.length);
  });
});
