/**
 * Candle CSV files (`timestamp_ms,open,high,low,close,volume`, as in shared/fixtures/candles),
 * named `<BASE>-<QUOTE>-<interval>.csv`, e.g. BTC-USDT-1h.csv → BTC/USDT hourly.
 */
import type { Candle } from '../../../engine/types';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time';

export interface CandleFileName {
  base: string;
  quote: string;
  /** Interval in ms: minutes that divide an hour (1m, 5m, 15m, 30m) or 1h. */
  intervalMs: number;
}

const NAME = /^([A-Z0-9]{1,10})-([A-Z0-9]{1,10})-(\d+)([mh])\.csv$/i;

export function parseCandleFileName(fileName: string): CandleFileName {
  const match = NAME.exec(fileName);
  if (!match) throw new Error(`replay: ${fileName} is not named like BTC-USDT-1h.csv`);
  const [, base = '', quote = '', count = '', unit = ''] = match;
  const intervalMs = Number(count) * (unit.toLowerCase() === 'h' ? HOUR_MS : MINUTE_MS);
  if (intervalMs <= 0 || (intervalMs !== HOUR_MS && HOUR_MS % intervalMs !== 0)) {
    throw new Error(`replay: ${fileName}: interval ${count}${unit} is not 1h or minutes dividing an hour`);
  }
  return { base: base.toUpperCase(), quote: quote.toUpperCase(), intervalMs };
}

/** Rows oldest first; a header line is skipped; a malformed row stops with its line number. */
export function parseCandleCsv(text: string, source = 'csv'): Candle[] {
  const candles: Candle[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '' || (i === 0 && line.startsWith('timestamp'))) continue;
    const cells = line.split(',');
    const [time, open, high, low, close, volume] = cells.map(Number);
    if (
      cells.length < 6 ||
      [time, open, high, low, close, volume].some((v) => v === undefined || !Number.isFinite(v))
    ) {
      throw new Error(`replay: ${source}:${i + 1}: expected timestamp_ms,open,high,low,close,volume`);
    }
    const candle = { time, open, high, low, close, volume } as Candle;
    const previous = candles.at(-1);
    if (previous && candle.time <= previous.time) {
      throw new Error(`replay: ${source}:${i + 1}: rows must be in ascending time order`);
    }
    candles.push(candle);
  }
  return candles;
}
