/**
 * `MARKET_SOURCE=replay`: plays candle CSV files back on the source's own clock, for tests and
 * calibration on real history. The clock starts `warmupMs` (default 90 days) after the earliest
 * candle of all files, so a backfill finds a full history, then runs at `speed`. Only candles
 * closed at the source's now are served. Hourly candles come from a 1h file, else are
 * aggregated from the finest minute file; minute candles only from a 1m file (else none).
 * Files are read synchronously at creation so a bad path stops start-up at once.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Candle } from '../../../engine/types';
import { aggregateCandles } from '../../../shared/candles';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time';
import { createSourceClock, type SourceClockOptions } from '../clock';
import { UnknownPairError, type MarketPair, type MarketSource, type MarketTicker } from '../market-source';
import { krakenOrderLimits } from '../order-limits';
import { parseCandleCsv, parseCandleFileName } from './csv';

export interface ReplayMarketOptions extends SourceClockOptions {
  /** CSV files, or directories whose *.csv files are all taken (not recursively). */
  files: readonly string[];
  /** Source time at creation = earliest candle + this; default 90 days. Ignored with `startTime`. */
  warmupMs?: number;
  /** Quoted spread in basis points around the last close; default 2. */
  spreadBps?: number;
}

interface ReplaySeries {
  pair: MarketPair;
  hourly: Candle[];
  minute: Candle[];
  /** The finest series there is (ticker and book). */
  finest: Candle[];
  finestMs: number;
}

const DEFAULT_WARMUP_MS = 90 * 24 * HOUR_MS;

export function createReplayMarketSource(options: ReplayMarketOptions): MarketSource {
  const series = loadSeries(options.files);
  if (series.size === 0) throw new Error('replay: no candle files given (REPLAY_FILES)');
  const earliest = Math.min(...[...series.values()].map((s) => s.finest[0]?.time ?? Infinity));
  const now = createSourceClock({
    ...options,
    startTime: options.startTime ?? earliest + (options.warmupMs ?? DEFAULT_WARMUP_MS),
  });
  const spread = (options.spreadBps ?? 2) / 10_000;

  const get = (symbol: string) => {
    const found = series.get(symbol);
    if (!found) throw new UnknownPairError(symbol);
    return found;
  };

  const ticker = (s: ReplaySeries, at: number): MarketTicker => {
    const end = closedEnd(s.finest, s.finestMs, at);
    const last = s.finest[end - 1];
    if (!last)
      throw new Error(`replay: no ${s.pair.symbol} candle closed yet at ${new Date(at).toISOString()}`);
    const day = s.finest.slice(lowerBound(s.finest, at - 24 * HOUR_MS), end);
    const first = day[0] ?? last;
    const price = last.close;
    return {
      symbol: s.pair.symbol,
      price,
      bid: price * (1 - spread / 2),
      ask: price * (1 + spread / 2),
      volume24h: day.reduce((sum, c) => sum + c.volume, 0),
      high24h: Math.max(...day.map((c) => c.high)),
      low24h: Math.min(...day.map((c) => c.low)),
      change24hPercent: ((price - first.open) / first.open) * 100,
      timestamp: at,
    };
  };

  return {
    name: 'replay',
    now,
    async listPairs() {
      return [...series.values()].map((s) => s.pair);
    },
    async fetchCandles(symbol, interval, since, limit = Infinity) {
      const s = get(symbol);
      const [candles, intervalMs] = interval === '1m' ? [s.minute, MINUTE_MS] : [s.hourly, HOUR_MS];
      const from = lowerBound(candles, since);
      const to = Math.min(closedEnd(candles, intervalMs, now()), from + limit);
      return candles.slice(from, Math.max(from, to)).map((c) => ({ ...c }));
    },
    async fetchTicker(symbol) {
      return ticker(get(symbol), now());
    },
    async fetchOrderBook(symbol, depth = 10) {
      const s = get(symbol);
      const at = now();
      const { bid, ask, price } = ticker(s, at);
      const recent = s.finest.slice(
        Math.max(0, closedEnd(s.finest, s.finestMs, at) - 60),
        closedEnd(s.finest, s.finestMs, at),
      );
      const perMinute =
        recent.reduce((sum, c) => sum + c.volume, 0) / Math.max(1, (recent.length * s.finestMs) / MINUTE_MS);
      const step = price * spread;
      const levels = (best: number, direction: 1 | -1) =>
        Array.from({ length: depth }, (_, i): [number, number] => [
          best + direction * i * step,
          perMinute * 0.05 * (1 + 0.5 * i),
        ]);
      return { symbol, bids: levels(bid, -1), asks: levels(ask, 1), timestamp: at };
    },
  };
}

function loadSeries(inputs: readonly string[]): Map<string, ReplaySeries> {
  const files = inputs.flatMap((input) =>
    statSync(input).isDirectory()
      ? readdirSync(input)
          .filter((name) => name.toLowerCase().endsWith('.csv'))
          .sort()
          .map((name) => path.join(input, name))
      : [input],
  );
  const bySymbol = new Map<string, { base: string; quote: string; byInterval: Map<number, Candle[]> }>();
  for (const file of files) {
    const { base, quote, intervalMs } = parseCandleFileName(path.basename(file));
    const symbol = `${base}/${quote}`;
    const entry = bySymbol.get(symbol) ?? { base, quote, byInterval: new Map<number, Candle[]>() };
    bySymbol.set(symbol, entry);
    const candles = parseCandleCsv(readFileSync(file, 'utf8'), file);
    entry.byInterval.set(intervalMs, mergeByTime(entry.byInterval.get(intervalMs) ?? [], candles));
  }
  const out = new Map<string, ReplaySeries>();
  for (const [symbol, { base, quote, byInterval }] of [...bySymbol].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const finestMs = Math.min(...byInterval.keys());
    const finest = byInterval.get(finestMs) ?? [];
    const hourly = byInterval.get(HOUR_MS) ?? aggregateCandles(finest, HOUR_MS);
    out.set(symbol, {
      pair: {
        symbol,
        exchangeSymbol: `${base}${quote}`,
        base,
        quote,
        defaultActive: true,
        ...krakenOrderLimits(base, quote),
      },
      hourly,
      minute: byInterval.get(MINUTE_MS) ?? [],
      finest,
      finestMs,
    });
  }
  return out;
}

/** The same pair given twice (e.g. a history file and a recent one): union by time, first wins. */
function mergeByTime(a: Candle[], b: Candle[]): Candle[] {
  if (a.length === 0) return b;
  const byTime = new Map<number, Candle>();
  for (const c of [...b, ...a]) byTime.set(c.time, c);
  return [...byTime.values()].sort((x, y) => x.time - y.time);
}

/** Index of the first candle with time ≥ `time`. */
function lowerBound(candles: readonly Candle[], time: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((candles[mid] as Candle).time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One past the last candle closed at `now` (open time + interval ≤ now). */
function closedEnd(candles: readonly Candle[], intervalMs: number, now: number): number {
  return lowerBound(candles, now - intervalMs + 1);
}
