import type { SortDirection } from '../../../../contract/common';

/** The columns Manage Crypto Pairs sorts by (admin spec 2). */
export type PairSortKey = 'symbol' | 'krakenSymbol' | 'active';

export interface PairSort {
  key: PairSortKey;
  direction: SortDirection;
}

/** Admin spec 9: pairs by symbol ascending. */
export const DEFAULT_PAIR_SORT: PairSort = { key: 'symbol', direction: 'asc' };

/** A header click: the sorted column flips its direction; another column starts ascending. */
export function nextPairSort(current: PairSort, key: PairSortKey): PairSort {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
