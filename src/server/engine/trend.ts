/**
 * Trend (`refereeTrend`): the medium-term EMA alignment (EMA20 vs EMA50) and the short-term MACD line
 * (EMA12 − EMA26) must agree. Bullish when EMA20 is above EMA50 by at least a quarter ATR and the MACD
 * line is above zero, bearish for the mirror image, neutral otherwise: when they disagree (a trend that
 * is turning), when the EMAs sit within noise of each other (a flat market), or before they exist.
 *
 * The MACD line is compared with zero, not with its signal line: MACD minus signal measures
 * acceleration, which a steady trend does not have (a straight or steadily compounding decline has a
 * rising MACD), so "MACD above signal" would call clean trends neutral.
 */
import type { MarketSeries } from './market-series';
import type { Trend } from './types';

/** EMA20−EMA50 gaps under this many ATRs are noise (about a fifth of hours on real pairs). */
export const TREND_DEAD_BAND_ATR = 0.25;

export function classifyTrend(input: { ema20: number; ema50: number; macd: number; atr: number }): Trend {
  const gap = (input.ema20 - input.ema50) / input.atr;
  if (gap >= TREND_DEAD_BAND_ATR && input.macd > 0) return 'bullish';
  if (gap <= -TREND_DEAD_BAND_ATR && input.macd < 0) return 'bearish';
  return 'neutral';
}

export function trendAt(s: MarketSeries, i: number): Trend {
  return classifyTrend({ ema20: s.ema20[i]!, ema50: s.ema50[i]!, macd: s.macd[i]!, atr: s.atr[i]! });
}
