import type { WebhookDelivery } from '../../../../contract/webhooks';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { serverErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { DELIVERIES_LOAD_ERROR, useWebhookDeliveries } from '../api/webhook-deliveries';
import { EVENT_LABELS } from './webhook-form';

const STATUS_STYLES: Record<WebhookDelivery['status'], string> = {
  delivered: 'bg-emerald-900/60 text-emerald-200',
  pending: 'bg-amber-900/60 text-amber-200',
  failed: 'bg-red-900/60 text-red-200',
};

const COLUMNS: Column<WebhookDelivery>[] = [
  { key: 'time', header: 'Time', cell: (d) => formatDateTime(d.createdAt) },
  {
    key: 'event',
    header: 'Event',
    cell: (d) => (d.eventType === 'test' ? 'Test event' : EVENT_LABELS[d.eventType]),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (d) => (
      <span className={`rounded px-2 py-0.5 text-xs ${STATUS_STYLES[d.status]}`} title={d.error ?? undefined}>
        {d.status}
      </span>
    ),
  },
  { key: 'attempts', header: 'Attempts', cell: (d) => d.attempts, className: 'text-right' },
  { key: 'http', header: 'HTTP', cell: (d) => d.responseStatus ?? '—', className: 'text-right' },
  {
    key: 'latency',
    header: 'Latency',
    cell: (d) => (d.latencyMs === null ? '—' : `${d.latencyMs} ms`),
    className: 'text-right',
  },
  {
    key: 'detail',
    header: 'Detail',
    cell: (d) =>
      d.error ??
      (d.status === 'pending' && d.nextAttemptAt ? `next attempt ${formatDateTime(d.nextAttemptAt)}` : ''),
    className: 'max-w-xs truncate',
  },
];

/** An endpoint's newest deliveries, kept fresh while shown. */
export function WebhookDeliveries({ endpointId, url }: { endpointId: string; url: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.isError && !deliveries.data) {
    return (
      <LoadError
        title={DELIVERIES_LOAD_ERROR}
        detail={serverErrorMessage(deliveries.error, DELIVERIES_LOAD_ERROR)}
      />
    );
  }
  return (
    <DataTable
      caption={`Deliveries to ${url}`}
      columns={COLUMNS}
      rows={deliveries.data?.deliveries}
      rowKey={(d) => d.id}
      loading={deliveries.isPending}
      loadingText="Loading deliveries..."
      emptyText="Nothing delivered yet."
    />
  );
}
