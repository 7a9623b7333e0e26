/**
 * Candles and their maths, shared by the engine (pure), the market providers and the modules, so
 * there is one Candle type and one aggregation.
 */

/** One OHLCV candle; `time` is the candle's open time in epoch milliseconds (UTC). */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * Aggregates candles into buckets of `bucketMs` aligned to the epoch (e.g. 15m → 1h). A bucket is
 * emitted when it has at least one input candle; `complete` restricts that to buckets with
 * exactly `bucketMs / inputMs` inputs. Input must be oldest first.
 */
export function aggregateCandles(
  candles: readonly Candle[],
  bucketMs: number,
  options: { complete?: { inputMs: number } } = {},
): Candle[] {
  const out: Candle[] = [];
  const needed = options.complete ? Math.round(bucketMs / options.complete.inputMs) : 1;
  let current: Candle | undefined;
  let count = 0;
  const flush = () => {
    if (current && count >= needed) out.push({ ...current, volume: roundVolume(current.volume) });
  };
  for (const c of candles) {
    const bucket = Math.floor(c.time / bucketMs) * bucketMs;
    if (!current || current.time !== bucket) {
      flush();
      current = { time: bucket, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume };
      count = 1;
      continue;
    }
    current.high = Math.max(current.high, c.high);
    current.low = Math.min(current.low, c.low);
    current.close = c.close;
    current.volume += c.volume;
    count++;
  }
  flush();
  return out;
}

/** Volumes carry 8 decimals (Kraken's lot precision); sums are rounded back to that. */
export function roundVolume(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

/** Open time of the interval containing `time`. */
export function floorTo(time: number, intervalMs: number): number {
  return Math.floor(time / intervalMs) * intervalMs;
}

export function ceilTo(time: number, intervalMs: number): number {
  return Math.ceil(time / intervalMs) * intervalMs;
}
