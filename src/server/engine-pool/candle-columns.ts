/**
 * Candles cross to a worker thread as one Float64Array (six numbers a candle) whose buffer is
 * transferred, not cloned: structured-cloning thousands of small objects costs the sending thread
 * milliseconds per analysis, a transfer costs nothing. Doubles hold epoch ms and prices exactly, so
 * the worker sees the very same numbers.
 */
import type { Candle } from '../engine/types';

const FIELDS = 6;

export function packCandles(candles: readonly Candle[]): Float64Array<ArrayBuffer> {
  const packed = new Float64Array(candles.length * FIELDS);
  let k = 0;
  for (const c of candles) {
    packed[k++] = c.time;
    packed[k++] = c.open;
    packed[k++] = c.high;
    packed[k++] = c.low;
    packed[k++] = c.close;
    packed[k++] = c.volume;
  }
  return packed;
}

export function unpackCandles(packed: Float64Array): Candle[] {
  const candles: Candle[] = new Array<Candle>(packed.length / FIELDS);
  for (let i = 0, k = 0; i < candles.length; i++, k += FIELDS) {
    candles[i] = {
      time: packed[k]!,
      open: packed[k + 1]!,
      high: packed[k + 2]!,
      low: packed[k + 3]!,
      close: packed[k + 4]!,
      volume: packed[k + 5]!,
    };
  }
  return candles;
}
