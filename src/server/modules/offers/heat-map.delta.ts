/**
 * What a live heat-map change must carry for a client that holds the last sent entry: only the
 * fields that differ, and of the price and volume histories only the new tail (see
 * tickerDataUpdateSchema for the merge rule). Applying a delta twice, or to an entry already newer
 * than the one it was computed from, gives the same result, so a client that loaded the map between
 * two sends still merges correctly.
 */
import type {
  ChartPoint,
  HeatMapEntry,
  HeatMapEntryUpdate,
  TickerData,
  TickerDataUpdate,
} from '../../../contract/heatmap';

/**
 * The points of `next` a client holding `held` needs: from the first point that is new or changed.
 * Null when the two cannot be reconciled that way (a point vanished in the middle): send it whole.
 */
export function historyTail(held: ChartPoint[], next: ChartPoint[]): ChartPoint[] | null {
  const heldY = new Map(held.map((p) => [p.x, p.y]));
  let i = 0;
  while (i < next.length && heldY.get(next[i]!.x) === next[i]!.y) i++;
  const from = next[0]?.x ?? Infinity;
  const until = next[i]?.x ?? Infinity;
  // The held points the client keeps (from the history's start up to the first point sent) must be
  // exactly next[0..i), or the merged history would differ from `next`.
  const kept = held.filter((p) => p.x >= from && p.x < until).length;
  const trailing = i === next.length ? held.filter((p) => p.x > (next.at(-1)?.x ?? -Infinity)).length : 0;
  return kept === i && trailing === 0 ? next.slice(i) : null;
}

function tickerDelta(held: TickerData, next: TickerData): TickerDataUpdate | null {
  const price = historyTail(held.price_history, next.price_history);
  const volume = historyTail(held.volume_history, next.volume_history);
  if (!price || !volume) return next;
  const same =
    held.price_7d === next.price_7d &&
    held.change_7d === next.change_7d &&
    held.volume_7d === next.volume_7d &&
    held.volatility_7d === next.volatility_7d &&
    price.length === 0 &&
    volume.length === 0 &&
    held.price_history[0]?.x === next.price_history[0]?.x &&
    held.volume_history[0]?.x === next.volume_history[0]?.x;
  if (same) return null;
  const from = Math.min(next.price_history[0]?.x ?? Infinity, next.volume_history[0]?.x ?? Infinity);
  if (from === Infinity) return next;
  return { ...next, price_history: price, volume_history: volume, historyFrom: from };
}

/** The fields of `next` a client holding `held` lacks; null when it lacks none. */
export function diffEntry(held: HeatMapEntry | undefined, next: HeatMapEntry): HeatMapEntryUpdate | null {
  if (!held) return next;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof HeatMapEntry)[]) {
    if (key === 'tickerData') {
      const ticker = tickerDelta(held.tickerData, next.tickerData);
      if (ticker) out.tickerData = ticker;
    } else if (JSON.stringify(held[key]) !== JSON.stringify(next[key])) {
      out[key] = next[key];
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}
