import type { CryptoPairRecord } from '../../../../contract/admin-pairs';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useDeletePair, usePairBulkAction, useTogglePair } from '../api/manage-pair';
import { useSyncKrakenPairs } from '../api/sync-kraken-pairs';
import { pairBulkQuestion, type PairBulkKind } from '../lib/pair-bulk';

/**
 * What the screen changes: a pair's switch (at once), a Delete or a bulk action (each behind the
 * spec's confirmation) and the Kraken sync. `dialog` is the confirmation to render.
 */
export function usePairChanges(onBulkDone: () => void) {
  const confirm = useConfirm();
  const toggle = useTogglePair();
  const remove = useDeletePair();
  const bulk = usePairBulkAction();
  const sync = useSyncKrakenPairs();
  return {
    dialog: confirm.dialog,
    busy: toggle.isPending || remove.isPending || bulk.isPending,
    syncing: sync.isPending,
    toggle: (pair: CryptoPairRecord) => toggle.mutate(pair),
    remove: (pair: CryptoPairRecord) => confirm.ask(`Delete pair ${pair.symbol}?`, () => remove.mutate(pair)),
    bulk: (kind: PairBulkKind, symbols: readonly string[]) =>
      confirm.ask(pairBulkQuestion(kind, symbols.length), () =>
        bulk.mutate({ kind, symbols }, { onSettled: onBulkDone }),
      ),
    sync: () => sync.mutate(),
  };
}
