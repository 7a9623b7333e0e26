/**
 * Trades → daily mark-to-market P&L, the series every statistic of the gate is computed on. One
 * unit of notional per trade: on each day it is held, a trade earns side × (close − previous mark)
 * / entry, from its fill price on the first day to its exit price on the last, and its costs are
 * booked on its exit day. The days add up to the trade's net return exactly (the marks telescope),
 * and a position held for weeks spreads its result over those weeks instead of landing on one day,
 * so the daily series is close to uncorrelated and a short HAC lag suffices for its t.
 */
import type { Trade, Universe } from './types';

const DAY_HOURS = 24;

export interface TradePath {
  trade: Trade;
  /** Day index (hour / 24) of the entry. */
  firstDay: number;
  /** P&L per day from `firstDay` through the exit day. */
  pnl: Float64Array;
}

export function markTradesToMarket(trades: readonly Trade[], universe: Universe): TradePath[] {
  return trades.map((trade) => {
    const close = universe.pairs[trade.pair]!.close;
    const firstDay = Math.floor(trade.entryHour / DAY_HOURS);
    const lastDay = Math.floor(trade.exitHour / DAY_HOURS);
    const pnl = new Float64Array(lastDay - firstDay + 1);
    let mark = trade.entryPrice;
    for (let day = firstDay; day < lastDay; day++) {
      // The day's last close while held (a gap keeps the previous mark).
      for (let h = Math.min((day + 1) * DAY_HOURS - 1, trade.exitHour); h >= day * DAY_HOURS; h--) {
        const price = close[h]!;
        if (h < trade.entryHour || !Number.isFinite(price)) continue;
        pnl[day - firstDay] = (trade.side * (price - mark)) / trade.entryPrice;
        mark = price;
        break;
      }
    }
    pnl[lastDay - firstDay] = (trade.side * (trade.exitPrice - mark)) / trade.entryPrice - trade.costs;
    return { trade, firstDay, pnl };
  });
}

export interface Window {
  fromHour: number;
  toHour: number;
}

/**
 * A window holds the trades decided in it whose outcome was known before it ends: a trade still
 * open at the window's end is purged, so nothing measured on a window reads a price after it.
 */
export function isDecidedIn(trade: Trade, window: Window): boolean {
  return trade.at >= window.fromHour && trade.at < window.toHour && trade.exitHour < window.toHour;
}

/**
 * The window's daily P&L from its trades (isDecidedIn), over its whole days; a trade's days before
 * the window start are left out.
 */
export function sumWindowPnl(paths: readonly TradePath[], window: Window): Float64Array {
  const firstDay = Math.ceil(window.fromHour / DAY_HOURS);
  const days = Math.max(0, Math.floor(window.toHour / DAY_HOURS) - firstDay);
  const daily = new Float64Array(days);
  for (const { trade, firstDay: start, pnl } of paths) {
    if (!isDecidedIn(trade, window)) continue;
    for (let k = 0; k < pnl.length; k++) {
      const d = start + k - firstDay;
      if (d >= 0 && d < days) daily[d]! += pnl[k]!;
    }
  }
  return daily;
}
