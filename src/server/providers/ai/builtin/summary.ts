/**
 * The built-in analyst: three sentences written only from the analysis figures, deterministic.
 *   1. trend (EMA gap, MACD), RSI, heat and what drives it (the strongest heat components)
 *      [and the trigger that started the analysis];
 *   2. the setup: direction, position type, TP / SL, horizon, success rate with its sample size;
 *   3. expected profit after fees and the risk (ATR, 7-day volatility).
 */
import type { HeatComponents, PairAnalysis } from '../../../engine/types';
import type { AiCommentInput } from '../ai-commentator';

/** A heat component counts as a driver from this share (0-1) on; the two strongest are named. */
const DRIVER_MIN = 0.25;
/** Below this many past setups the success rate leans on the global rate (shrinkage). */
const SMALL_SAMPLE = 30;

export function writeSummary({ pair, analysis, triggerReason }: AiCommentInput): string {
  const trigger = triggerReason ? ` (trigger: ${clip(triggerReason.trim(), 120)})` : '';
  return [
    `${pair} ${trendPhrase(analysis)}, RSI ${rsiPhrase(analysis.indicators.rsi14)}; ${heatPhrase(analysis)}${trigger}.`,
    `${setupPhrase(analysis)}.`,
    `${outcomePhrase(analysis)}.`,
  ].join(' ');
}

function trendPhrase({ trend, indicators: i }: PairAnalysis): string {
  const gap = i.ema50 === 0 ? 0 : ((i.ema20 - i.ema50) / i.ema50) * 100;
  const ema = `EMA20 ${pct(Math.abs(gap))} % ${gap >= 0 ? 'above' : 'below'} EMA50`;
  const macd = `MACD histogram ${i.macdHistogram >= 0 ? 'positive' : 'negative'}`;
  switch (trend) {
    case 'bullish':
      return `is in a bullish trend (${ema}, ${macd})`;
    case 'bearish':
      return `is in a bearish trend (${ema}, ${macd})`;
    case 'neutral':
      return `has no clear trend (${ema}, ${macd})`;
    default: {
      const unreachable: never = trend;
      throw new Error(`unknown trend ${String(unreachable)}`);
    }
  }
}

function rsiPhrase(rsi: number): string {
  const value = Math.round(rsi);
  if (rsi >= 70) return `${value} (overbought)`;
  if (rsi <= 30) return `${value} (oversold)`;
  return String(value);
}

function heatPhrase(a: PairAnalysis): string {
  const heat = `heat ${Math.round(a.heatScore)}/100`;
  const drivers = (Object.keys(a.heatComponents) as (keyof HeatComponents)[])
    .filter((key) => a.heatComponents[key] >= DRIVER_MIN)
    .sort((x, y) => a.heatComponents[y] - a.heatComponents[x] || x.localeCompare(y))
    .slice(0, 2)
    .map((key) => driverPhrase(key, a));
  return drivers.length > 0 ? `${heat}, driven by ${drivers.join(' and ')}` : `${heat} with no strong driver`;
}

function driverPhrase(key: keyof HeatComponents, { indicators: i }: PairAnalysis): string {
  switch (key) {
    case 'volumeSurge':
      return `volume at ${i.relativeVolume.toFixed(1)}× its 7-day median`;
    case 'volatilityExpansion':
      return `wider swings (ATR ${pct(i.atrPercent)} % of price)`;
    case 'momentum':
      return `momentum (${signed(i.change24hPercent)} % in 24 h)`;
    case 'breakout':
      if (i.price > i.high24h) return `a break above the 24 h high`;
      if (i.price < i.low24h) return `a break below the 24 h low`;
      return `a test of the 24 h range edges`;
    case 'triggers':
      return `active triggers`;
    default: {
      const unreachable: never = key;
      throw new Error(`unknown heat component ${String(unreachable)}`);
    }
  }
}

function setupPhrase({ signal, successRate, sampleSize }: PairAnalysis): string {
  const setup =
    signal.direction === 'balanced'
      ? `range setup (${signal.positionType}, ${signal.side === 'buy' ? 'buying' : 'selling'} toward the mean)`
      : `${signal.direction} setup (${signal.positionType})`;
  const plan =
    `The ${setup} targets +${pct(signal.takeProfitPercent)} % ` +
    `with a −${pct(signal.stopLossPercent)} % stop over ${horizon(signal.horizonMinutes)}`;
  if (sampleSize === 0) {
    return `${plan}; with no similar past setups its ${Math.round(successRate)} % success rate is the global average`;
  }
  const caveat = sampleSize < SMALL_SAMPLE ? ', a small sample pulled toward the global rate' : '';
  const cases = sampleSize === 1 ? '1 similar past setup' : `${sampleSize} similar past setups`;
  return `${plan}; it hit the target first in ${Math.round(successRate)} % of ${cases}${caveat}`;
}

function outcomePhrase({ expectedProfitPercent, signal, risk, indicators: i }: PairAnalysis): string {
  const expected = `Expected profit ${signed(expectedProfitPercent)} % per trade after ${pct(signal.feePercent)} % fees`;
  return `${expected}; risk is ${risk} (ATR ${pct(i.atrPercent)} % of price, 7-day volatility ${pct(i.volatility7dPercent)} %)`;
}

/** Percent magnitudes: 2 decimals under 1, else 1. */
function pct(value: number): string {
  return Math.abs(value) < 1 ? value.toFixed(2) : value.toFixed(1);
}

function signed(value: number): string {
  return value >= 0 ? `+${pct(value)}` : `−${pct(-value)}`;
}

function horizon(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) {
    const hours = minutes / 60;
    return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
  }
  const days = Math.round(minutes / 1440);
  return days === 1 ? '1 day' : `${days} days`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
