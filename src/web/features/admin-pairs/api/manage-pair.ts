import { useQueryClient } from '@tanstack/react-query';
import { managePairsEndpoint, type CryptoPairRecord } from '../../../../contract/admin-pairs';
import { ADMIN_QUERY_KEY, adminPost, useAdminMutation } from '../../../lib/admin-mutation';
import { toastPairUpdated } from '../../../lib/pair-update-toast';
import { PAIR_BULK_PAST, pairBulkBody, type PairBulkKind } from '../lib/pair-bulk';

/*
 * The pair changes (POST manage-pairs) both pair screens make (the All-Seeing Eye's Crypto Pairs
 * tab and Manage Crypto Pairs), with the spec's toasts (admin spec 8): the server's `error` when
 * it sent one, else these.
 */

type PairRef = Pick<CryptoPairRecord, 'symbol' | 'active'>;

export function postManagePair(body: unknown, fallback: string) {
  return adminPost(managePairsEndpoint, body, fallback);
}

const updateFailed = (pair: PairRef) => `Failed to update pair ${pair.symbol}`;

/** Turns trading of a pair on or off: 'Pair {symbol} updated'. */
export function useTogglePair() {
  return useAdminMutation({
    run: (pair: PairRef) =>
      postManagePair({ action: 'update', symbol: pair.symbol, active: !pair.active }, updateFailed(pair)),
    success: (pair) => `Pair ${pair.symbol} updated`,
    failure: updateFailed,
    // The socket's pair_updates says the same: one toast shows both.
    announce: (_text, pair) => toastPairUpdated(pair.symbol, 'success'),
  });
}

/** Deletes one pair (after 'Delete pair {symbol}?'): 'Pair action completed'. */
export function useDeletePair() {
  return useAdminMutation({
    run: (pair: PairRef) => postManagePair({ action: 'delete', symbol: pair.symbol }, updateFailed(pair)),
    success: () => 'Pair action completed',
    failure: updateFailed,
  });
}

/** Adds a pair (the Add Pair form's body, already checked): 'Pair added successfully'. */
export function useAddPair<B>() {
  return useAdminMutation({
    run: (body: B) => postManagePair(body, 'Failed to add pair'),
    success: () => 'Pair added successfully',
    failure: () => 'Failed to add pair',
  });
}

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
        symbols.map((symbol) => postManagePair(pairBulkBody(kind, symbol), `Failed to ${kind} some pairs`)),
      );
      if (results.some((result) => result.status === 'rejected')) {
        await client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
        throw new Error(`Failed to ${kind} some pairs`);
      }
    },
    success: ({ kind }) => `Selected pairs ${PAIR_BULK_PAST[kind]}`,
    failure: ({ kind }) => `Failed to ${kind} some pairs`,
  });
}
