import { syncKrakenPairsEndpoint, type SyncKrakenPairsResponse } from '../../../../contract/admin-pairs';
import { adminPost, useAdminMutation } from '../../../lib/admin-mutation';

export const SYNC_KRAKEN_PAIRS_FAILED = 'Failed to sync Kraken pairs';

/** Reads the exchange's pair list. */
export function postSyncKrakenPairs() {
  return adminPost(
    syncKrakenPairsEndpoint,
    undefined,
    SYNC_KRAKEN_PAIRS_FAILED,
  ) as Promise<SyncKrakenPairsResponse>;
}

/** 'Kraken pairs synced: N added, N updated, N deactivated' (admin spec 8). */
export function useSyncKrakenPairs() {
  return useAdminMutation({
    run: () => postSyncKrakenPairs(),
    success: (_v: void, { data }) =>
      `Kraken pairs synced: ${data.added.length} added, ${data.updated.length} updated, ${data.deactivated.length} deactivated`,
    failure: () => SYNC_KRAKEN_PAIRS_FAILED,
  });
}
