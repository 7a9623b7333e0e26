import { PAIR_BULK_KINDS, type PairBulkKind } from '../lib/pair-bulk';
import { Button } from '../../../components/ui/button';

const LABEL: Record<PairBulkKind, string> = {
  activate: 'Activate Selected',
  deactivate: 'Deactivate Selected',
  delete: 'Delete Selected',
};

interface PairsBulkButtonsProps {
  count: number;
  busy: boolean;
  onAction: (kind: PairBulkKind) => void;
}

/** 'Activate Selected (N)', 'Deactivate Selected (N)', 'Delete Selected (N)'; off while none is selected. */
export function PairsBulkButtons({ count, busy, onAction }: PairsBulkButtonsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      {PAIR_BULK_KINDS.map((kind) => (
        <Button
          key={kind}
          variant={kind === 'delete' ? 'danger' : 'secondary'}
          disabled={count === 0 || busy}
          onClick={() => onAction(kind)}
        >
          {LABEL[kind]} ({count})
        </Button>
      ))}
    </div>
  );
}
