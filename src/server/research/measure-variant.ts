/**
 * One variant's record over a window of the universe: what the gate and the research log read.
 * The window's trades are those decided in it that ended before it does (isDecidedIn); Sharpe
 * ratios and t-statistics come from their daily mark-to-market P&L (mark-to-market.ts) over every
 * day of the window, idle days as zeros.
 */
import { isDecidedIn, sumWindowPnl, type TradePath, type Window } from './mark-to-market';
import { kurtosis, neweyWestTStat, sharpeRatio, skewness } from './stats';

export type { Window };

export const DAYS_PER_YEAR = 365;

export interface VariantRecord {
  trades: number;
  /** Share of trades with a positive net return. */
  hitRate: number;
  meanNetPercent: number;
  /** t of the mean daily P&L (so of the mean net return per trade), Newey–West. */
  tStat: number;
  /** Per-day Sharpe ratio of the daily P&L, and annualised (× √365). */
  dailySharpe: number;
  sharpe: number;
  days: number;
  skew: number;
  kurtosis: number;
}

/** Newey & West's (1994) rule of thumb for the Bartlett bandwidth: ⌊4 (T/100)^(2/9)⌋. */
export function chooseLags(days: number): number {
  return Math.max(1, Math.floor(4 * (days / 100) ** (2 / 9)));
}

/** The record and the daily P&L it is computed from (the PBO's column for the variant). */
export function measureVariant(
  paths: readonly TradePath[],
  window: Window,
): { record: VariantRecord; daily: Float64Array } {
  let trades = 0;
  let wins = 0;
  let sum = 0;
  for (const { trade } of paths) {
    if (!isDecidedIn(trade, window)) continue;
    trades++;
    sum += trade.netReturn;
    if (trade.netReturn > 0) wins++;
  }
  const daily = sumWindowPnl(paths, window);
  const dailySharpe = trades > 0 ? sharpeRatio(daily) : NaN;
  const record: VariantRecord = {
    trades,
    hitRate: trades ? wins / trades : NaN,
    meanNetPercent: trades ? (100 * sum) / trades : NaN,
    tStat: trades ? neweyWestTStat(daily, chooseLags(daily.length)).t : NaN,
    dailySharpe,
    sharpe: dailySharpe * Math.sqrt(DAYS_PER_YEAR),
    days: daily.length,
    skew: skewness(daily),
    kurtosis: kurtosis(daily),
  };
  return { record, daily };
}
