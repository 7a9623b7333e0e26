/**
 * Candle input helpers: the CSV layout of the candle fixtures (`timestamp_ms,open,high,low,close,volume`)
 * and resampling to hourly. Pure text in, candles out: reading files is the caller's job.
 */
import { HOUR_MS } from '../shared/time';
import type { Candle } from './types';

/**
 * Parses candle CSV text. A header line (any line whose first field is not a number) and blank lines
 * are skipped; rows are sorted by time and duplicate times keep the last row, so any file in that
 * layout works, gaps included.
 */
export function readCandleCsv(text: string): Candle[] {
  const byTime = new Map<number, Candle>();
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = (lines[n] ?? '').trim();
    if (line === '') continue;
    const fields = line.split(',').map((f) => Number(f.trim()));
    if (!Number.isFinite(fields[0])) continue; // header or comment line
    if (fields.length < 6 || fields.slice(0, 6).some((f) => !Number.isFinite(f)))
      throw new Error(`candle CSV line ${n + 1}: expected 6 numbers, got "${line}"`);
    const [time, open, high, low, close, volume] = fields as [number, number, number, number, number, number];
    byTime.set(time, { time, open, high, low, close, volume });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The most common spacing between consecutive candles (robust to gaps), in ms. */
export function detectIntervalMs(candles: Candle[]): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < candles.length; i++) {
    const d = candles[i]!.time - candles[i - 1]!.time;
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best = HOUR_MS;
  let bestCount = 0;
  for (const [d, c] of counts) if (c > bestCount || (c === bestCount && d < best)) [best, bestCount] = [d, c];
  return best;
}

/**
 * Aggregates sub-hourly candles into hourly ones (open of the first, close of the last, extreme
 * high/low, summed volume), bucketed by UTC hour. An hour with some sub-candles missing still
 * yields a candle from the ones present; an hour with none stays a gap.
 */
export function resampleToHourly(candles: Candle[]): Candle[] {
  const out: Candle[] = [];
  let cur: Candle | undefined;
  for (const c of candles) {
    const hour = Math.floor(c.time / HOUR_MS) * HOUR_MS;
    if (cur && cur.time === hour) {
      cur.high = Math.max(cur.high, c.high);
      cur.low = Math.min(cur.low, c.low);
      cur.close = c.close;
      cur.volume += c.volume;
    } else {
      cur = { time: hour, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume };
      out.push(cur);
    }
  }
  return out;
}

/** Hourly candles from any finer timeframe; hourly or coarser input is returned as is. */
export function toHourly(candles: Candle[]): Candle[] {
  return detectIntervalMs(candles) < HOUR_MS ? resampleToHourly(candles) : candles;
}
