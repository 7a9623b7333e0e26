import type { HeatMap, HeatMapEntry, HeatMapSort } from '../../../../contract/heatmap';
import { pairMatcher } from '../../../../contract/pair-search';
import type { HeatmapFilters, RangeBounds } from './heatmap-filters';

/*
 * The server's filter and order rules (server/modules/offers/heat-map.query.ts) applied to entries
 * the screen already holds: a narrowed filter shows its rows at once while the server's answer is
 * on its way, and live changes keep the list filtered and ordered. The time range is left to the
 * server, whose clock defines it (a live change only ever makes an entry newer).
 */

const within = (value: number, [min, max]: RangeBounds) => value >= min && value <= max;

export function matchesFilters(entry: HeatMapEntry, filters: HeatmapFilters): boolean {
  return (
    within(entry.heatScore, filters.heat) &&
    within(entry.successRate, filters.success) &&
    within(entry.progrevScore, filters.progrev) &&
    (filters.positionType === 'all' || entry.positionType === filters.positionType) &&
    (filters.trend === '' || entry.refereeTrend === filters.trend) &&
    (filters.riskLevel === '' || entry.refereeRisk === filters.riskLevel) &&
    (!filters.activeTriggersOnly || entry.activeTriggers.length > 0) &&
    pairMatcher(filters.search)(entry.pair)
  );
}

const COMPARE: Record<HeatMapSort, (a: HeatMapEntry, b: HeatMapEntry) => number> = {
  heat_desc: (a, b) => b.heatScore - a.heatScore,
  progrev_desc: (a, b) => b.progrevScore - a.progrevScore,
  updated_desc: (a, b) => Date.parse(b.lastUpdated) - Date.parse(a.lastUpdated),
};

/** The entries that pass the filters, in the selected order (ties by pair, as on the server). */
export function selectEntries(map: HeatMap, filters: HeatmapFilters): HeatMap {
  const compare = COMPARE[filters.sortBy];
  const picked = Object.values(map)
    .filter((entry) => matchesFilters(entry, filters))
    .sort((a, b) => compare(a, b) || a.pair.localeCompare(b.pair));
  return Object.fromEntries(picked.map((entry) => [entry.pair, entry]));
}
