import type { CryptoPairRecord } from '../../../../contract/admin-pairs';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/use-confirm';
import { PAIR_BULK_KINDS, pairBulkQuestion, usePairBulkAction, type PairBulkKind } from '../../admin-pairs';

const LABEL: Record<PairBulkKind, string> = {
  activate: 'Bulk Activate',
  deactivate: 'Bulk Deactivate',
  delete: 'Bulk Delete',
};

interface PairBulkActionsProps {
  selected: readonly CryptoPairRecord[];
  clear: () => void;
}

/** Bulk Activate / Deactivate / Delete over the selected pairs: one call per pair (admin spec 7). */
export function PairBulkActions({ selected, clear }: PairBulkActionsProps) {
  const confirm = useConfirm();
  const bulk = usePairBulkAction();
  const count = selected.length;
  const ask = (kind: PairBulkKind) =>
    confirm.ask(pairBulkQuestion(kind, count), () =>
      bulk.mutate({ kind, symbols: selected.map((pair) => pair.symbol) }, { onSettled: clear }),
    );
  return (
    <>
      {PAIR_BULK_KINDS.map((kind) => (
        <Button
          key={kind}
          variant={kind === 'delete' ? 'danger' : 'secondary'}
          disabled={count === 0 || bulk.isPending}
          onClick={() => ask(kind)}
        >
          {LABEL[kind]} ({count})
        </Button>
      ))}
      {confirm.dialog}
    </>
  );
}
