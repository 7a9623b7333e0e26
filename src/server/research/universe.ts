/**
 * The universe: every pair's hourly candles on one common hour grid, from the earliest candle of any
 * pair to the latest. Missing hours stay NaN and are never filled — a pair does not exist before its
 * first candle (no survivorship) and an exchange gap is not a price anyone could have traded at.
 */
import { detectIntervalMs, toHourly } from '../engine/candles';
import type { Candle } from '../shared/candles';
import { HOUR_MS } from '../shared/time';
import type { PairSeries, Universe } from './types';

export interface SymbolCandles {
  symbol: string;
  /** Oldest first, hourly or finer (finer is resampled to hourly; an hour with no candle stays a gap). */
  candles: Candle[];
}

export function buildUniverse(series: readonly SymbolCandles[]): Universe {
  const seen = new Set<string>();
  const hourly = series.map(({ symbol, candles }) => {
    if (seen.has(symbol)) throw new Error(`buildUniverse: ${symbol} appears twice`);
    seen.add(symbol);
    // Judged on the input: once resampled, an hour-grid series with gaps may look coarser than it is.
    if (candles.length > 1 && detectIntervalMs(candles) > HOUR_MS)
      throw new Error(`buildUniverse: ${symbol} candles are coarser than hourly`);
    return { symbol, candles: checkHourly(symbol, toHourly(candles)) };
  });
  let first = Infinity;
  let last = -Infinity;
  for (const { candles } of hourly) {
    if (candles.length === 0) continue;
    first = Math.min(first, candles[0]!.time);
    last = Math.max(last, candles[candles.length - 1]!.time);
  }
  if (first > last) throw new Error('buildUniverse: no candles');
  const hours = (last - first) / HOUR_MS + 1;
  return { start: first, hours, pairs: hourly.map((s) => placeOnGrid(s, first, hours)) };
}

/**
 * The first `hours` hours of the universe, copied: what a family would have seen at the close of
 * hour `hours − 1`. A signal at hour h must come out the same from any slice longer than h.
 */
export function universeSlice(universe: Universe, hours: number): Universe {
  if (!Number.isInteger(hours) || hours < 0) throw new RangeError(`universeSlice: bad hours ${hours}`);
  const n = Math.min(hours, universe.hours);
  return {
    start: universe.start,
    hours: n,
    pairs: universe.pairs.map((p) => ({
      symbol: p.symbol,
      open: p.open.slice(0, n),
      high: p.high.slice(0, n),
      low: p.low.slice(0, n),
      close: p.close.slice(0, n),
      volume: p.volume.slice(0, n),
    })),
  };
}

/** `history/BTC-USDT-1h.csv` → `BTC/USDT` (the fixtures' `<BASE>-<QUOTE>-<timeframe>.csv` names). */
export function symbolFromFile(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? '';
  const match = /^([A-Za-z0-9]+)-([A-Za-z0-9]+)-\d+[mhdw]\.csv$/.exec(name);
  if (!match) throw new Error(`symbolFromFile: "${name}" is not <BASE>-<QUOTE>-<timeframe>.csv`);
  return `${match[1]!.toUpperCase()}/${match[2]!.toUpperCase()}`;
}

/** An unaligned or repeated candle has no single grid hour to go to: refuse it rather than guess. */
function checkHourly(symbol: string, candles: Candle[]): Candle[] {
  for (let i = 0; i < candles.length; i++) {
    const time = candles[i]!.time;
    if (time % HOUR_MS !== 0)
      throw new Error(`buildUniverse: ${symbol} candle at ${time} is not on the hour`);
    if (i > 0 && time <= candles[i - 1]!.time)
      throw new Error(`buildUniverse: ${symbol} candles are not strictly ascending at ${time}`);
  }
  return candles;
}

function placeOnGrid(s: { symbol: string; candles: Candle[] }, start: number, hours: number): PairSeries {
  const series: PairSeries = {
    symbol: s.symbol,
    open: new Float64Array(hours).fill(NaN),
    high: new Float64Array(hours).fill(NaN),
    low: new Float64Array(hours).fill(NaN),
    close: new Float64Array(hours).fill(NaN),
    volume: new Float64Array(hours).fill(NaN),
  };
  for (const c of s.candles) {
    const h = (c.time - start) / HOUR_MS;
    series.open[h] = c.open;
    series.high[h] = c.high;
    series.low[h] = c.low;
    series.close[h] = c.close;
    series.volume[h] = c.volume;
  }
  return series;
}

/**
 * One series per base asset: the one covering the longest span (the first given on a tie). Two
 * listings of one coin (BTC/USD on Kraken, BTC/USDT on Binance) move together, so keeping both would
 * count one bet twice and let a cross-sectional rank compare a coin with itself.
 */
export function pickOnePerBase<T extends SymbolCandles>(series: readonly T[]): T[] {
  const span = (s: T) => (s.candles.length ? s.candles[s.candles.length - 1]!.time - s.candles[0]!.time : -1);
  const byBase = new Map<string, T>();
  for (const s of series) {
    const base = s.symbol.split('/')[0] ?? s.symbol;
    const kept = byBase.get(base);
    if (!kept || span(s) > span(kept)) byBase.set(base, s);
  }
  return [...byBase.values()];
}
