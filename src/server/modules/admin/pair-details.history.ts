/** The pair details' Ticker History: 12 h of 1-minute candles as 5-minute closes and USD volumes. */
import type { TickerHistory } from '../../../contract/admin-pair-details';
import { aggregateCandles, type Candle } from '../../shared/candles';

const BUCKET_MS = 5 * 60_000;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Candles oldest first; the summary is computed from the very points the charts show. */
export function buildTickerHistory(minute: readonly Candle[]): TickerHistory {
  const buckets = aggregateCandles(minute, BUCKET_MS);
  const price = buckets.map((c) => ({ x: c.time, y: c.close }));
  const volume = buckets.map((c) => ({ x: c.time, y: round(c.volume * c.close, 2) }));
  const first = price[0]?.y;
  const last = price.at(-1)?.y;
  if (first === undefined || last === undefined) return { price, volume, summary: null };
  const closes = price.map((p) => p.y);
  return {
    price,
    volume,
    summary: {
      first,
      last,
      high: Math.max(...closes),
      low: Math.min(...closes),
      changePercent: first > 0 ? round(((last - first) / first) * 100, 4) : 0,
      totalVolume: round(
        volume.reduce((sum, p) => sum + p.y, 0),
        2,
      ),
    },
  };
}
