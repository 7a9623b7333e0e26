/**
 * Recent candles of each pair held in memory, so the analyses and backtests that re-read months
 * of history every cycle fetch only what is new. Candles are immutable once stored (inserts skip
 * existing ones), so a held series stays right as long as nothing was added inside it: each read
 * fetches the rows after the last held one and counts the rows of the held window, and when the
 * count is not the held plus the new (another process filled a gap, retention pruned), the series
 * is read afresh. Correct across processes; two small queries instead of thousands of rows.
 */
import type { CandleInterval } from '../../db/schema';
import type { Candle } from '../../shared/candles';

export interface CandleStore {
  candles(pairId: number, interval: CandleInterval, since: number, until?: number): Promise<Candle[]>;
  candleCount(pairId: number, interval: CandleInterval, since: number): Promise<number>;
}

/**
 * Series beyond this many are dropped, least recently read first. A series starts at the widest
 * window asked for (the backtest's whole history) and grows by its new candles; retention pruning
 * forgets them all.
 */
const MAX_SERIES = 1_000;

interface Series {
  since: number;
  candles: Candle[];
}

export function createCandleCache(store: CandleStore) {
  const held = new Map<string, Series>();

  function remember(key: string, series: Series): void {
    held.delete(key);
    held.set(key, series);
    if (held.size > MAX_SERIES) held.delete(held.keys().next().value!);
  }

  async function extend(pairId: number, interval: CandleInterval, series: Series): Promise<boolean> {
    const last = series.candles.at(-1)?.time ?? series.since - 1;
    const [tail, count] = await Promise.all([
      store.candles(pairId, interval, last + 1),
      store.candleCount(pairId, interval, series.since),
    ]);
    if (count !== series.candles.length + tail.length) return false;
    series.candles.push(...tail);
    return true;
  }

  return {
    /** Candles from `since` (open time), oldest first; a bounded `until` range is read directly. */
    async read(pairId: number, interval: CandleInterval, since: number, until?: number): Promise<Candle[]> {
      if (until !== undefined) return store.candles(pairId, interval, since, until);
      const key = `${pairId} ${interval}`;
      const series = held.get(key);
      if (series && series.since <= since && (await extend(pairId, interval, series))) {
        remember(key, series);
        return series.candles.slice(firstAtOrAfter(series.candles, since));
      }
      const candles = await store.candles(pairId, interval, since);
      remember(key, { since, candles });
      return candles.slice();
    },
    /** Forget a pair (deleted) or everything (retention pruned). */
    forget(pairId?: number): void {
      if (pairId === undefined) held.clear();
      else for (const key of [...held.keys()]) if (key.startsWith(`${pairId} `)) held.delete(key);
    },
  };
}

function firstAtOrAfter(candles: readonly Candle[], time: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (candles[mid]!.time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
