import type { ReactNode } from 'react';
import type { CryptoPairRecord } from '../../../../contract/admin-pairs';
import { Button } from '../../../components/ui/button';
import { cryptoPairColumns } from './collection-columns';
import type { TabContext } from '../lib/collection-context';
import { CollectionTab } from './record-tabs';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useDeletePair, useSyncKrakenPairs, useTogglePair } from '../../admin-pairs';

interface PairsTabProps extends TabContext {
  /** All-Seeing Eye extras (bulk buttons, Add Pair) placed after Sync Kraken Pairs. */
  extraToolbar?: (selected: readonly CryptoPairRecord[], clear: () => void) => ReactNode;
}

/** Crypto Pairs: Toggle Active and Delete per row, and Sync Kraken Pairs (admin spec 2). */
export function PairsTab({ extraToolbar, ...ctx }: PairsTabProps) {
  const confirm = useConfirm();
  const toggle = useTogglePair();
  const remove = useDeletePair();
  const sync = useSyncKrakenPairs();

  return (
    <>
      <CollectionTab
        {...ctx}
        collection="cryptoPairs"
        title="Crypto Pairs"
        columns={cryptoPairColumns}
        rowLabel={(pair) => pair.symbol}
        loadErrorText="Failed to fetch crypto pairs"
        actions={(pair) => (
          <>
            <Button variant="secondary" disabled={toggle.isPending} onClick={() => toggle.mutate(pair)}>
              Toggle Active<span className="sr-only"> {pair.symbol}</span>
            </Button>
            <Button
              variant="danger"
              onClick={() => confirm.ask(`Delete pair ${pair.symbol}?`, () => remove.mutate(pair))}
            >
              Delete<span className="sr-only"> {pair.symbol}</span>
            </Button>
          </>
        )}
        toolbar={(selected, clear) => (
          <>
            <Button variant="secondary" disabled={sync.isPending} onClick={() => sync.mutate()}>
              Sync Kraken Pairs
            </Button>
            {extraToolbar?.(selected, clear)}
          </>
        )}
      />
      {confirm.dialog}
    </>
  );
}
