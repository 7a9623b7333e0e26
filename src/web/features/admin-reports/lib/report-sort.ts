import type { REPORT_SORT_KEYS } from '../../../../contract/admin-reports';
import type { SortDirection } from '../../../../contract/common';

export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];
export interface ReportSort {
  key: ReportSortKey;
  direction: SortDirection;
}

/** Admin spec 9: reports open newest first. */
export const DEFAULT_REPORT_SORT: ReportSort = { key: 'createdAt', direction: 'desc' };

/** The query's `sort`, as key_direction (admin spec 7). */
export const sortParam = (sort: ReportSort): string => `${sort.key}_${sort.direction}`;

/** A click on a column: a new column sorts ascending; the sorted one flips direction. */
export function nextSort(current: ReportSort, key: ReportSortKey): ReportSort {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
