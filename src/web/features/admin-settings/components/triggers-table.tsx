import type { TriggerRecord } from '../../../../contract/admin-triggers';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { NOT_AVAILABLE, formatDateTime } from '../../../lib/format';

interface TriggersTableProps {
  rows: readonly TriggerRecord[] | undefined;
  loading: boolean;
  busy: boolean;
  onEdit: (trigger: TriggerRecord) => void;
  onDelete: (trigger: TriggerRecord) => void;
}

const label = (t: TriggerRecord) => `${t.type} trigger for ${t.symbol}`;

export function TriggersTable({ rows, loading, busy, onEdit, onDelete }: TriggersTableProps) {
  const columns: Column<TriggerRecord>[] = [
    { key: 'type', header: 'Type', cell: (t) => t.type },
    { key: 'symbol', header: 'Symbol', cell: (t) => t.symbol },
    {
      key: 'source',
      header: 'Source',
      cell: (t) => <span className="block max-w-56 truncate">{t.source ?? NOT_AVAILABLE}</span>,
    },
    { key: 'keywords', header: 'Keywords', cell: (t) => t.keywords.join(', ') || NOT_AVAILABLE },
    { key: 'active', header: 'Active', cell: (t) => (t.active ? 'Yes' : 'No') },
    { key: 'createdAt', header: 'Created At', cell: (t) => formatDateTime(t.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => (
        <div className="flex gap-2">
          <Button variant="secondary" aria-label={`Edit ${label(t)}`} onClick={() => onEdit(t)}>
            Edit
          </Button>
          <Button
            variant="danger"
            aria-label={`Delete ${label(t)}`}
            disabled={busy}
            onClick={() => onDelete(t)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Current triggers"
      columns={columns}
      rows={rows}
      rowKey={(t) => t.id}
      loading={loading}
      loadingText="Loading triggers..."
      emptyText="No triggers configured"
    />
  );
}
