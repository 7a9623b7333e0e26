import type { AdminHeatMapEntry } from '../../../../contract/heatmap';

export interface ColumnSort {
  key: string;
  direction: 'asc' | 'desc';
}

type SortValue = number | string;

/** A sort value per sortable column of the 'Heatmap of Active Pairs' table. */
export const SORT_VALUES: Record<string, (e: AdminHeatMapEntry) => SortValue> = {
  pair: (e) => e.pair,
  heatScore: (e) => e.heatScore,
  status: (e) => e.status,
  successRate: (e) => e.successRate,
  positionType: (e) => e.positionType,
  progrevScore: (e) => e.progrevScore,
  refereeTrend: (e) => e.refereeTrend,
  refereeRisk: (e) => e.refereeRisk,
  change7d: (e) => e.tickerData.change_7d,
  volume7d: (e) => e.tickerData.volume_7d,
  volatility7d: (e) => e.tickerData.volatility_7d,
  activeTriggers: (e) => e.activeTriggers.length,
  aiComments: (e) => e.aiComments.summary,
  recentErrors: (e) => e.recentErrors.length,
  lastUpdated: (e) => Date.parse(e.lastUpdated),
};

/** A click on a header sorts by it ascending, a second click descending, then ascending again. */
export function toggleSort(current: ColumnSort | null, key: string): ColumnSort {
  return current?.key === key && current.direction === 'asc'
    ? { key, direction: 'desc' }
    : { key, direction: 'asc' };
}

/** The entries in the table's order; without a column sort, the order the filters chose. */
export function sortByColumn(
  entries: readonly AdminHeatMapEntry[],
  sort: ColumnSort | null,
): AdminHeatMapEntry[] {
  const value = sort ? SORT_VALUES[sort.key] : undefined;
  if (!sort || !value) return [...entries];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order || a.pair.localeCompare(b.pair);
  });
}
