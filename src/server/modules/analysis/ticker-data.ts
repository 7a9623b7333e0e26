import type { Indicators } from '../../engine/types';
import type { Candle } from '../../shared/candles';
import { aggregateCandles } from '../../shared/candles';
import type { ChartPoint, StoredTickerData } from './analysis-figures';

const TWELVE_HOURS = 12 * 60 * 60 * 1000;
const BUCKET_MS = 5 * 60 * 1000;

/**
 * The heat map's tickerData from the candles the analysis saw. price_7d is the latest price (the
 * price the 7-day figures refer to); volumes are in the quote currency (USD), as the charts show
 * them in millions.
 */
export function buildTickerData(
  indicators: Indicators,
  hourly: Candle[],
  minute: Candle[],
): StoredTickerData {
  const last = hourly.at(-1);
  const lastMinute = minute.at(-1);
  const end = Math.max(last ? last.time + 3_600_000 : 0, lastMinute ? lastMinute.time + 60_000 : 0);
  const recentMinutes = minute.filter((c) => c.time >= end - TWELVE_HOURS);
  const source =
    recentMinutes.length >= 60
      ? aggregateCandles(recentMinutes, BUCKET_MS)
      : hourly.filter((c) => c.time >= end - TWELVE_HOURS);
  return {
    price_7d: round(indicators.price, 8),
    change_7d: round(indicators.change7dPercent, 4),
    volume_7d: round(indicators.volume7d, 2),
    volatility_7d: round(indicators.volatility7dPercent, 4),
    price_history: source.map((c): ChartPoint => ({ x: c.time, y: c.close })),
    volume_history: source.map((c): ChartPoint => ({ x: c.time, y: round(c.volume * c.close, 2) })),
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
