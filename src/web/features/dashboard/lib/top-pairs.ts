import type { PositionType } from '../../../../contract/enums';
import type { HeatMap, HeatMapEntry, HeatMapQueryInput } from '../../../../contract/heatmap';

/** Trader spec 9: the dashboard's top pairs, over the last 7 days. */
export const TOP_PAIRS_LIMIT = 3;

/**
 * The dashboard's heat-map query: the hottest pairs of the trader's preferred position types,
 * unfiltered when the trader prefers none (trader spec 7: positionType omitted if empty).
 */
export function topPairsQuery(positionTypes: readonly PositionType[]) {
  return {
    timeRange: '7d' as const,
    limit: TOP_PAIRS_LIMIT,
    sortBy: 'heat_desc' as const,
    ...(positionTypes.length ? { positionType: positionTypes.join(',') } : {}),
  } satisfies HeatMapQueryInput;
}

/**
 * The rows of 'Top Hot Pairs' from the loaded map and the live changes merged into it: a change
 * may bring a whole new pair, or cool a listed one, so the rows are re-ranked by heat and cut to
 * the limit, keeping to the preferred position types as the server's query did.
 */
export function topPairRows(map: HeatMap, positionTypes: readonly PositionType[]): HeatMapEntry[] {
  const wanted = new Set(positionTypes);
  return Object.values(map)
    .filter((entry) => wanted.size === 0 || wanted.has(entry.positionType))
    .sort((a, b) => b.heatScore - a.heatScore || a.pair.localeCompare(b.pair))
    .slice(0, TOP_PAIRS_LIMIT);
}
