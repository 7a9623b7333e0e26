import { managePairsEndpoint, type CryptoPairRecord } from '../../../../contract/admin-pairs';
import { adminPost, useAdminMutation, useConfirm } from '../../../components/admin';
import { Button } from '../../../components/ui/button';

type BulkKind = 'activate' | 'deactivate' | 'delete';

const BULK: Record<BulkKind, { label: string; done: string }> = {
  activate: { label: 'Bulk Activate', done: 'activated' },
  deactivate: { label: 'Bulk Deactivate', done: 'deactivated' },
  delete: { label: 'Bulk Delete', done: 'deleted' },
};

const bodyFor = (kind: BulkKind, symbol: string) =>
  kind === 'delete'
    ? { action: 'delete', symbol }
    : { action: 'update', symbol, active: kind === 'activate' };

interface PairBulkActionsProps {
  selected: readonly CryptoPairRecord[];
  clear: () => void;
}

/** Bulk Activate / Deactivate / Delete over the selected pairs: one call per pair (admin spec 7). */
export function PairBulkActions({ selected, clear }: PairBulkActionsProps) {
  const confirm = useConfirm();
  const bulk = useAdminMutation({
    run: async ({ kind, symbols }: { kind: BulkKind; symbols: string[] }) => {
      const results = await Promise.allSettled(
        symbols.map((symbol) =>
          adminPost(managePairsEndpoint, bodyFor(kind, symbol), `Failed to ${kind} some pairs`),
        ),
      );
      if (results.some((result) => result.status === 'rejected'))
        throw new Error(`Failed to ${kind} some pairs`);
    },
    success: ({ kind }) => `Selected pairs ${BULK[kind].done}`,
    failure: ({ kind }) => `Failed to ${kind} some pairs`,
  });
  const count = selected.length;
  const ask = (kind: BulkKind) => {
    const verb = kind.charAt(0).toUpperCase() + kind.slice(1);
    confirm.ask(`${verb} ${count} selected pairs?`, () =>
      bulk.mutate({ kind, symbols: selected.map((pair) => pair.symbol) }, { onSettled: clear }),
    );
  };
  return (
    <>
      {(Object.keys(BULK) as BulkKind[]).map((kind) => (
        <Button
          key={kind}
          variant={kind === 'delete' ? 'danger' : 'secondary'}
          disabled={count === 0 || bulk.isPending}
          onClick={() => ask(kind)}
        >
          {BULK[kind].label} ({count})
        </Button>
      ))}
      {confirm.dialog}
    </>
  );
}
