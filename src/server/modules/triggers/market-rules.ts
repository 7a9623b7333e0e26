/**
 * When a market trigger fires, decided from closed hourly candles (oldest first, the last one is
 * the candle that just closed). Pure and deterministic:
 *
 * - breakout: the last close is beyond the prior 24 candles' high/low, or beyond its Bollinger(20, 2)
 *   band, AND the close moved at least `minMovePercent` in that direction over 24 h (the close 24
 *   candles earlier). Needs 25 candles.
 * - volume_spike: the last candle's volume is at least `multiplier` × the median volume of the
 *   candles before it (up to 168 = 7 days; at least 24). Needs 25 candles.
 * - threshold_adjust: RSI(14) ENTERS an extreme zone on the last candle: it rises through
 *   `rsiThreshold` (overbought) or falls through 100 − `rsiThreshold` (oversold). Leaving a zone
 *   does not fire. Needs 16 candles.
 */
import type { Candle } from '../../engine/types';
import { bollinger, median, percentChange, rsiSeries } from './market-indicators';

export interface MarketSignal {
  /** Plain-words reason, stored with the firing and passed to the analysis. */
  reason: string;
  details: Record<string, number | string>;
}

const DAY = 24;
const WEEK = 7 * 24;

export function detectBreakout(hourly: readonly Candle[], minMovePercent: number): MarketSignal | null {
  if (hourly.length < DAY + 1) return null;
  const last = hourly.at(-1)!;
  const prior = hourly.slice(-(DAY + 1), -1);
  const high24h = Math.max(...prior.map((c) => c.high));
  const low24h = Math.min(...prior.map((c) => c.low));
  const change24h = percentChange(hourly.at(-(DAY + 1))!.close, last.close);
  const bands = bollinger(
    hourly.map((c) => c.close),
    20,
    2,
  );

  const up = last.close > high24h || (bands !== null && last.close > bands.upper);
  const down = last.close < low24h || (bands !== null && last.close < bands.lower);
  if (up && change24h >= minMovePercent) {
    const beyond =
      last.close > high24h
        ? `its 24 h high ${fmt(high24h)}`
        : `its upper Bollinger band ${fmt(bands!.upper)}`;
    return {
      reason: `Breakout: close ${fmt(last.close)} above ${beyond} (${signed(change24h)} % in 24 h)`,
      details: { direction: 'up', close: last.close, high24h, low24h, change24hPercent: round(change24h) },
    };
  }
  if (down && change24h <= -minMovePercent) {
    const beyond =
      last.close < low24h ? `its 24 h low ${fmt(low24h)}` : `its lower Bollinger band ${fmt(bands!.lower)}`;
    return {
      reason: `Breakdown: close ${fmt(last.close)} below ${beyond} (${signed(change24h)} % in 24 h)`,
      details: { direction: 'down', close: last.close, high24h, low24h, change24hPercent: round(change24h) },
    };
  }
  return null;
}

export function detectVolumeSpike(hourly: readonly Candle[], multiplier: number): MarketSignal | null {
  if (hourly.length < DAY + 1) return null;
  const last = hourly.at(-1)!;
  const baseline = median(hourly.slice(-(WEEK + 1), -1).map((c) => c.volume));
  if (!(baseline > 0)) return null;
  const ratio = last.volume / baseline;
  if (ratio < multiplier) return null;
  return {
    reason: `Volume spike: last hour ${round(ratio)}× the 7-day median hourly volume (threshold ${multiplier}×)`,
    details: { volume: last.volume, medianVolume: baseline, ratio: round(ratio), multiplier },
  };
}

export function detectRsiCross(hourly: readonly Candle[], rsiThreshold: number): MarketSignal | null {
  const rsi = rsiSeries(hourly.map((c) => c.close));
  if (rsi.length < 2) return null;
  const previous = rsi.at(-2)!;
  const current = rsi.at(-1)!;
  const oversold = 100 - rsiThreshold;
  const details = { previousRsi: round(previous), rsi: round(current), rsiThreshold };
  if (previous < rsiThreshold && current >= rsiThreshold) {
    return {
      reason: `RSI(14) rose through ${rsiThreshold} (${round(previous)} → ${round(current)}): overbought`,
      details: { ...details, zone: 'overbought' },
    };
  }
  if (previous > oversold && current <= oversold) {
    return {
      reason: `RSI(14) fell through ${oversold} (${round(previous)} → ${round(current)}): oversold`,
      details: { ...details, zone: 'oversold' },
    };
  }
  return null;
}

const round = (v: number) => Math.round(v * 100) / 100;
const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(2)}`;
/** Prices: up to 8 significant digits, no exponent. */
const fmt = (v: number) => String(Number(v.toPrecision(8)));
