import type { AdminHeatMapQuery } from '../../../../contract/admin-heatmap';
import type { TimeRange } from '../../../../contract/common';
import { biasOf, type Bias, type RiskLevel, type Trend } from '../../../../contract/enums';
import type { AdminHeatMapEntry, HeatMapSort } from '../../../../contract/heatmap';

/** Admin spec 2, Offer Analytics' controls ('' = all). */
export interface AnalyticsFilters {
  timeRange: Exclude<TimeRange, 'all'>;
  bias: Bias | '';
  trend: Trend | '';
  riskLevel: RiskLevel | '';
  minHeat: number;
  sort: HeatMapSort;
  activeTriggersOnly: boolean;
}

export const DEFAULT_ANALYTICS_FILTERS: AnalyticsFilters = {
  timeRange: '7d',
  bias: '',
  trend: '',
  riskLevel: '',
  minHeat: 0,
  sort: 'heat_desc',
  activeTriggersOnly: false,
};

/** The request (admin spec 7); blank filters are left out. */
export function analyticsQuery(filters: AnalyticsFilters): AdminHeatMapQuery {
  return {
    timeRange: filters.timeRange,
    sort: filters.sort,
    minHeat: filters.minHeat > 0 ? filters.minHeat : undefined,
    bias: filters.bias || undefined,
    trend: filters.trend || undefined,
    riskLevel: filters.riskLevel || undefined,
    filter: filters.activeTriggersOnly ? 'active_triggers' : undefined,
  };
}

const SORT_VALUE: Record<HeatMapSort, (e: AdminHeatMapEntry) => number> = {
  heat_desc: (e) => e.heatScore,
  progrev_desc: (e) => e.progrevScore,
  updated_desc: (e) => Date.parse(e.lastUpdated),
};

/**
 * Admin spec 5: the filters also apply locally, so a live change that takes a pair out of them
 * takes it off the screen at once (and closes its details).
 */
export function selectAnalytics(
  entries: readonly AdminHeatMapEntry[],
  filters: AnalyticsFilters,
): AdminHeatMapEntry[] {
  const value = SORT_VALUE[filters.sort];
  return entries
    .filter(
      (e) =>
        e.heatScore >= filters.minHeat &&
        (!filters.bias || biasOf(e.positionType) === filters.bias) &&
        (!filters.trend || e.refereeTrend === filters.trend) &&
        (!filters.riskLevel || e.refereeRisk === filters.riskLevel) &&
        (!filters.activeTriggersOnly || e.activeTriggers.length > 0),
    )
    .sort((a, b) => value(b) - value(a) || a.pair.localeCompare(b.pair));
}
