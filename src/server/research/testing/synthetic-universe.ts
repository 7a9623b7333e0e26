/**
 * Universes for tests: tiny hand-built ones from rows of prices (every path of the simulator can
 * be written out hour by hour), and seeded random-walk ones for invariants. Same seed, same data.
 */
import { syntheticCandles } from '../../engine/synthetic-candles';
import { seededRandom } from '../../shared/random';
import { buildUniverse } from '../universe';
import type { PairSeries, Universe } from '../types';

/** One hour as [open, high, low, close]; null is a missing candle (gap, or before listing). */
export type CandleRow = readonly [open: number, high: number, low: number, close: number] | null;

/** The grid start used when a test does not care: 2025-01-01 00:00 UTC. */
export const TEST_START = Date.UTC(2025, 0, 1);

export function buildPairSeries(symbol: string, rows: readonly CandleRow[]): PairSeries {
  const n = rows.length;
  const series: PairSeries = {
    symbol,
    open: new Float64Array(n).fill(NaN),
    high: new Float64Array(n).fill(NaN),
    low: new Float64Array(n).fill(NaN),
    close: new Float64Array(n).fill(NaN),
    volume: new Float64Array(n).fill(NaN),
  };
  rows.forEach((row, h) => {
    if (!row) return;
    const [open, high, low, close] = row;
    // A row that breaks OHLC consistency would test the helper, not the code under test.
    if (!(low <= Math.min(open, close) && high >= Math.max(open, close)))
      throw new Error(`${symbol} hour ${h}: inconsistent candle [${row.join(', ')}]`);
    series.open[h] = open;
    series.high[h] = high;
    series.low[h] = low;
    series.close[h] = close;
    series.volume[h] = 1;
  });
  return series;
}

/** A universe from rows per symbol; every symbol needs the same number of rows. */
export function buildTestUniverse(pairs: Record<string, readonly CandleRow[]>, start = TEST_START): Universe {
  const series = Object.entries(pairs).map(([symbol, rows]) => buildPairSeries(symbol, rows));
  const hours = series[0]?.open.length ?? 0;
  if (series.some((s) => s.open.length !== hours))
    throw new Error('every pair needs the same number of rows');
  return { start, hours, pairs: series };
}

/** `count` identical quiet hours: open = close = price, high/low ± `range` (fraction). */
export function flatRows(count: number, price = 100, range = 0.005): CandleRow[] {
  return Array.from(
    { length: count },
    () => [price, price * (1 + range), price * (1 - range), price] as const,
  );
}

/**
 * Seeded random-walk pairs (the engine's synthetic market) on one grid. Each pair after the first
 * lists `listingGap` hours after the one before it, and `gapRate` of the other hours are missing.
 */
export function buildRandomUniverse(o: {
  seed: number;
  hours: number;
  symbols: readonly string[];
  listingGap?: number;
  gapRate?: number;
}): Universe {
  const rand = seededRandom(o.seed);
  return buildUniverse(
    o.symbols.map((symbol, k) => {
      const listed = k * (o.listingGap ?? 0);
      const candles = syntheticCandles({ seed: o.seed * 1000 + k, count: o.hours, start: TEST_START });
      // The listing hour and the last hour always stay, so the grid is exactly `hours` long.
      const keep = (h: number) =>
        h === listed || h === o.hours - 1 || (h > listed && rand() >= (o.gapRate ?? 0));
      const kept = candles.filter((_, h) => keep(h));
      return { symbol, candles: kept };
    }),
  );
}
