import type { PositionType } from '../../../../contract/enums';

/** Everything the dashboard caches. */
export const dashboardKeys = {
  stats: ['dashboard', 'stats'] as const,
  /** Every top-pairs query, whatever its position types (live changes merge into each). */
  topPairsAll: ['dashboard', 'top-pairs'] as const,
  topPairs: (positionTypes: readonly PositionType[]) => ['dashboard', 'top-pairs', positionTypes] as const,
  recentOffers: ['dashboard', 'recent-offers'] as const,
};

/** Trader spec 9: the heat map and the offers are refreshed this often. */
export const DASHBOARD_REFRESH_MS = 30_000;
