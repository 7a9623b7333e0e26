import { useQueryClient } from '@tanstack/react-query';
import {
  managePairsEndpoint,
  syncKrakenPairsEndpoint,
  type CryptoPairRecord,
  type SyncKrakenPairsResponse,
} from '../../../contract/admin-pairs';
import { ADMIN_QUERY_KEY, adminPost, useAdminMutation } from './admin-queries';
import { toastPairUpdated } from './pair-update-toast';

/*
 * The pair changes both pair screens make (the All-Seeing Eye's Crypto Pairs tab and Manage Crypto
 * Pairs), with the spec's toasts (admin spec 8): the server's `error` when it sent one, else these.
 */

type PairRef = Pick<CryptoPairRecord, 'symbol' | 'active'>;

/** Turns trading of a pair on or off: 'Pair {symbol} updated'. */
export function useTogglePair() {
  return useAdminMutation({
    run: (pair: PairRef) =>
      adminPost(
        managePairsEndpoint,
        { action: 'update', symbol: pair.symbol, active: !pair.active },
        `Failed to update pair ${pair.symbol}`,
      ),
    success: (pair) => `Pair ${pair.symbol} updated`,
    failure: (pair) => `Failed to update pair ${pair.symbol}`,
    // The socket's pair_updates says the same: one toast shows both.
    announce: (_text, pair) => toastPairUpdated(pair.symbol, 'success'),
  });
}

/** Deletes one pair (after 'Delete pair {symbol}?'): 'Pair action completed'. */
export function useDeletePair() {
  return useAdminMutation({
    run: (pair: PairRef) =>
      adminPost(
        managePairsEndpoint,
        { action: 'delete', symbol: pair.symbol },
        `Failed to update pair ${pair.symbol}`,
      ),
    success: () => 'Pair action completed',
    failure: (pair) => `Failed to update pair ${pair.symbol}`,
  });
}

/** Reads the exchange's pair list: 'Kraken pairs synced: N added, N updated, N deactivated'. */
export function useSyncKrakenPairs() {
  return useAdminMutation({
    run: () =>
      adminPost(
        syncKrakenPairsEndpoint,
        undefined,
        'Failed to sync Kraken pairs',
      ) as Promise<SyncKrakenPairsResponse>,
    success: (_v: void, { data }) =>
      `Kraken pairs synced: ${data.added.length} added, ${data.updated.length} updated, ${data.deactivated.length} deactivated`,
    failure: () => 'Failed to sync Kraken pairs',
  });
}

export type PairBulkKind = 'activate' | 'deactivate' | 'delete';
export const PAIR_BULK_KINDS: readonly PairBulkKind[] = ['activate', 'deactivate', 'delete'];

const PAST: Record<PairBulkKind, string> = {
  activate: 'activated',
  deactivate: 'deactivated',
  delete: 'deleted',
};

/** 'Activate 2 selected pairs?' — the confirmation a bulk action asks first (admin spec 5). */
export const pairBulkQuestion = (kind: PairBulkKind, count: number) =>
  `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${count} selected pairs?`;

const bodyFor = (kind: PairBulkKind, symbol: string) =>
  kind === 'delete'
    ? { action: 'delete', symbol }
    : { action: 'update', symbol, active: kind === 'activate' };

/**
 * A bulk action over the selected pairs, one call per pair (admin spec 7): 'Selected pairs
 * {activated|deactivated|deleted}', or 'Failed to {kind} some pairs' when any call failed (the
 * lists are refetched then too: the calls that went through did change pairs).
 */
export function usePairBulkAction() {
  const client = useQueryClient();
  return useAdminMutation({
    run: async ({ kind, symbols }: { kind: PairBulkKind; symbols: readonly string[] }) => {
      const results = await Promise.allSettled(
        symbols.map((symbol) =>
          adminPost(managePairsEndpoint, bodyFor(kind, symbol), `Failed to ${kind} some pairs`),
        ),
      );
      if (results.some((result) => result.status === 'rejected')) {
        await client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
        throw new Error(`Failed to ${kind} some pairs`);
      }
    },
    success: ({ kind }) => `Selected pairs ${PAST[kind]}`,
    failure: ({ kind }) => `Failed to ${kind} some pairs`,
  });
}
