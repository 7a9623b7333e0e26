export { ManagePairsPage } from './components/manage-pairs-page';
// What the back-office console's pair tab and the All-Seeing Eye's pair tools use.
export { AddPairDialog } from './components/add-pair-dialog';
export { useDeletePair, usePairBulkAction, useTogglePair } from './api/manage-pair';
export { useSyncKrakenPairs } from './api/sync-kraken-pairs';
export { PAIR_BULK_KINDS, pairBulkQuestion, type PairBulkKind } from './lib/pair-bulk';
