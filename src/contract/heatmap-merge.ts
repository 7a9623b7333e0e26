/**
 * The merge rule of heatmap_update (and the pair stream's `heatmap` message) as code: the web
 * applies it, the server's tests prove their deltas rebuild the entry with it. It lives in the
 * contract because it is part of what the event means, not a choice of either side.
 */
import {
  heatMapEntrySchema,
  type ChartPoint,
  type HeatMap,
  type HeatMapEntry,
  type HeatMapEntryUpdate,
  type TickerData,
} from './heatmap';

function mergeHistory(held: ChartPoint[], sent: ChartPoint[], historyFrom: number): ChartPoint[] {
  const firstSent = sent[0]?.x ?? Infinity;
  return [...held.filter((p) => p.x >= historyFrom && p.x < firstSent), ...sent];
}

/** One entry with a change applied; null when there is no entry yet and the change is not a whole one. */
export function mergeHeatMapEntry(
  held: HeatMapEntry | undefined,
  update: HeatMapEntryUpdate,
): HeatMapEntry | null {
  const { tickerData: ticker, ...fields } = update;
  if (!held) {
    if (!ticker) return null;
    const { historyFrom: _from, ...whole } = ticker;
    const parsed = heatMapEntrySchema.safeParse({ ...fields, tickerData: whole });
    return parsed.success ? parsed.data : null;
  }
  let tickerData: TickerData = held.tickerData;
  if (ticker) {
    const { historyFrom, ...rest } = ticker;
    tickerData =
      historyFrom === undefined
        ? rest
        : {
            ...rest,
            price_history: mergeHistory(held.tickerData.price_history, rest.price_history, historyFrom),
            volume_history: mergeHistory(held.tickerData.volume_history, rest.volume_history, historyFrom),
          };
  }
  return { ...held, ...fields, tickerData };
}

/** The map with a partial map of changed pairs merged over it (a new object; unchanged entries shared). */
export function mergeHeatMapUpdate(current: HeatMap, update: Record<string, HeatMapEntryUpdate>): HeatMap {
  const next: HeatMap = { ...current };
  for (const [pair, change] of Object.entries(update)) {
    const merged = mergeHeatMapEntry(current[pair], change);
    if (merged) next[pair] = merged;
  }
  return next;
}
