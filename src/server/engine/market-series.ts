/**
 * Every per-candle series the engine reads, computed once per analysis in O(n). Scoring a past candle
 * (for the backtest) and the latest one (for the signal) reads the same arrays, so the backtest sees
 * each past setup exactly as a live analysis at that hour would have.
 */
import { atr, bollinger, ema, macd, rsi, type Series } from './indicators';
import type { Candle, Indicators } from './types';
import { DAY_MS, WEEK_MS } from '../shared/time';
import {
  prior24hRangeSeries,
  ratioToWeekMeanSeries,
  relativeVolumeSeries,
  weekVolatilitySeries,
} from './windows';

export interface MarketSeries {
  candles: Candle[];
  n: number;
  time: Series;
  high: Series;
  low: Series;
  close: Series;
  rsi: Series;
  ema20: Series;
  ema50: Series;
  macd: Series;
  macdSignal: Series;
  macdHistogram: Series;
  bbMiddle: Series;
  bbUpper: Series;
  bbLower: Series;
  atr: Series;
  /** ATR over its own 7-day mean: above 1 = volatility expanding. */
  atrRatio: Series;
  relativeVolume: Series;
  prior24hHigh: Series;
  prior24hLow: Series;
  volatility7d: Series;
}

/** First index at which every series is defined and the 7-day windows are full (hourly data). */
export const WARMUP_CANDLES = 168;

export function computeMarketSeries(candles: Candle[]): MarketSeries {
  const n = candles.length;
  const time = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = candles[i]!;
    [time[i], high[i], low[i], close[i], volume[i]] = [c.time, c.high, c.low, c.close, c.volume];
  }
  const m = macd(close);
  const bands = bollinger(close);
  const atr14 = atr(high, low, close);
  const range = prior24hRangeSeries(time, high, low);
  return {
    candles,
    n,
    time,
    high,
    low,
    close,
    rsi: rsi(close),
    ema20: ema(close, 20),
    ema50: ema(close, 50),
    macd: m.macd,
    macdSignal: m.signal,
    macdHistogram: m.histogram,
    bbMiddle: bands.middle,
    bbUpper: bands.upper,
    bbLower: bands.lower,
    atr: atr14,
    atrRatio: ratioToWeekMeanSeries(time, atr14),
    relativeVolume: relativeVolumeSeries(time, volume),
    prior24hHigh: range.high,
    prior24hLow: range.low,
    volatility7d: weekVolatilitySeries(time, close),
  };
}

/** Latest close at or before `time`; the first candle's close when the history is shorter. */
function closeAtOrBefore(s: MarketSeries, i: number, time: number): number {
  let j = i;
  while (j > 0 && s.time[j]! > time) j--;
  return s.close[j]!;
}

/** The indicator snapshot at candle `i`, read from the series plus a few one-off window sums. */
export function indicatorsAt(s: MarketSeries, i: number): Indicators {
  const t = s.time[i]!;
  const price = s.close[i]!;
  let high24h = -Infinity;
  let low24h = Infinity;
  for (let j = i; j >= 0 && s.time[j]! > t - DAY_MS; j--) {
    high24h = Math.max(high24h, s.high[j]!);
    low24h = Math.min(low24h, s.low[j]!);
  }
  let volume7d = 0;
  for (let j = i; j >= 0 && s.time[j]! > t - WEEK_MS; j--) volume7d += s.candles[j]!.volume * s.close[j]!;
  const atr14 = s.atr[i]!;
  return {
    price,
    rsi14: s.rsi[i]!,
    macd: s.macd[i]!,
    macdSignal: s.macdSignal[i]!,
    macdHistogram: s.macdHistogram[i]!,
    ema20: s.ema20[i]!,
    ema50: s.ema50[i]!,
    bollingerUpper: s.bbUpper[i]!,
    bollingerMiddle: s.bbMiddle[i]!,
    bollingerLower: s.bbLower[i]!,
    atr14,
    atrPercent: (atr14 / price) * 100,
    relativeVolume: s.relativeVolume[i]!,
    high24h,
    low24h,
    // Price 24 h ago is the close of the candle that opened 24 h before this one.
    change24hPercent: (price / closeAtOrBefore(s, i, t - DAY_MS) - 1) * 100,
    change7dPercent: (price / closeAtOrBefore(s, i, t - WEEK_MS) - 1) * 100,
    volume7d,
    volatility7dPercent: s.volatility7d[i]!,
  };
}
