import type { ReactNode } from 'react';
import {
  managePairsEndpoint,
  syncKrakenPairsEndpoint,
  type CryptoPairRecord,
  type SyncKrakenPairsResponse,
} from '../../../contract/admin-pairs';
import { Button } from '../ui/button';
import { adminPost, useAdminMutation } from './admin-queries';
import { cryptoPairColumns } from './collection-columns';
import type { TabContext } from './collection-context';
import { CollectionTab } from './record-tabs';
import { useConfirm } from './use-confirm';

interface PairsTabProps extends TabContext {
  /** All-Seeing Eye extras (bulk buttons, Add Pair) placed after Sync Kraken Pairs. */
  extraToolbar?: (selected: readonly CryptoPairRecord[], clear: () => void) => ReactNode;
}

/** Crypto Pairs: Toggle Active and Delete per row, and Sync Kraken Pairs (admin spec 2). */
export function PairsTab({ extraToolbar, ...ctx }: PairsTabProps) {
  const confirm = useConfirm();
  const toggle = useAdminMutation({
    run: (pair: CryptoPairRecord) =>
      adminPost(
        managePairsEndpoint,
        { action: 'update', symbol: pair.symbol, active: !pair.active },
        `Failed to update pair ${pair.symbol}`,
      ),
    success: (pair) => `Pair ${pair.symbol} updated`,
    failure: (pair) => `Failed to update pair ${pair.symbol}`,
  });
  const remove = useAdminMutation({
    run: (pair: CryptoPairRecord) =>
      adminPost(
        managePairsEndpoint,
        { action: 'delete', symbol: pair.symbol },
        `Failed to update pair ${pair.symbol}`,
      ),
    success: () => 'Pair action completed',
    failure: (pair) => `Failed to update pair ${pair.symbol}`,
  });
  const sync = useAdminMutation({
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
