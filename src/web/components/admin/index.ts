export { collectionTabs } from './dashboard-tabs';
export { CollectionScreen, type CollectionTabDef } from './collection-screen';
export { PairsTab } from './pairs-tab';
export { TriggersTab } from './triggers-tab';
export { ADMIN_QUERY_KEY, adminPost, useAdminMutation } from './admin-queries';
export { useConfirm } from './use-confirm';
export { FormDialog, fieldErrors } from './form-dialog';
export { CollectionTab } from './record-tabs';
export { adminFormat } from './admin-format';
export type { TabContext } from './collection-context';
export { AddPairDialog } from './add-pair-dialog';
export { useAdminLive } from './use-admin-live';
export {
  PAIR_BULK_KINDS,
  pairBulkQuestion,
  useDeletePair,
  usePairBulkAction,
  useSyncKrakenPairs,
  useTogglePair,
  type PairBulkKind,
} from './use-pair-actions';
