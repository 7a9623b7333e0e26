import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const HOUR_MS = 3_600_000;

/**
 * A replay market of one pair: 100 days of hourly candles on a smooth made-up path, in
 * `dir/market/BTC-USDT-1h.csv`. A server on it runs its worker (the replay clock starts after a
 * 90-day warm-up) without a simulated market's months of backfill. Returns the folder.
 */
export function writeReplayMarket(dir: string): string {
  const folder = path.join(dir, 'market');
  mkdirSync(folder, { recursive: true });
  const start = Date.UTC(2026, 0, 1);
  const lines = ['timestamp_ms,open,high,low,close,volume'];
  let close = 30_000;
  for (let i = 0; i < 24 * 100; i++) {
    const open = close;
    close = open * (1 + Math.sin(i * 0.37) * 0.004);
    const high = Math.max(open, close) * 1.002;
    const low = Math.min(open, close) * 0.998;
    const prices = [open, high, low, close, 10 + (i % 7)].map((v) => v.toFixed(2));
    lines.push([start + i * HOUR_MS, ...prices].join(','));
  }
  writeFileSync(path.join(folder, 'BTC-USDT-1h.csv'), `${lines.join('\n')}\n`);
  return folder;
}
