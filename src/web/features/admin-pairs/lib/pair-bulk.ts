export type PairBulkKind = 'activate' | 'deactivate' | 'delete';
export const PAIR_BULK_KINDS: readonly PairBulkKind[] = ['activate', 'deactivate', 'delete'];

export const PAIR_BULK_PAST: Record<PairBulkKind, string> = {
  activate: 'activated',
  deactivate: 'deactivated',
  delete: 'deleted',
};

/** 'Activate 2 selected pairs?' — the confirmation a bulk action asks first (admin spec 5). */
export const pairBulkQuestion = (kind: PairBulkKind, count: number) =>
  `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${count} selected pairs?`;

/** The manage-pairs body of one pair of a bulk action. */
export const pairBulkBody = (kind: PairBulkKind, symbol: string) =>
  kind === 'delete'
    ? { action: 'delete', symbol }
    : { action: 'update', symbol, active: kind === 'activate' };
