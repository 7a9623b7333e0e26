import type { AdminSubscription } from '../../../../contract/billing';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { serverErrorMessage } from '../../../lib/api-client';
import { capitalize, formatDateTime } from '../../../lib/format';
import { SUBSCRIPTIONS_LOAD_ERROR, useSubscriptions } from '../api/subscriptions';

const columns: Column<AdminSubscription>[] = [
  { key: 'trader', header: 'Trader', cell: (s) => `${s.name} (${s.email})`, className: 'whitespace-normal' },
  { key: 'plan', header: 'Plan', cell: (s) => capitalize(s.plan) },
  { key: 'status', header: 'Status', cell: (s) => s.status },
  {
    key: 'period',
    header: 'Paid Until',
    cell: (s) => `${formatDateTime(s.currentPeriodEnd)}${s.cancelAtPeriodEnd ? ' (cancelled)' : ''}`,
  },
  { key: 'provider', header: 'Provider', cell: (s) => capitalize(s.provider) },
  { key: 'updated', header: 'Changed', cell: (s) => formatDateTime(s.updatedAt) },
];

/** Every subscription (issue #20); traders who never subscribed are on Free and not listed. */
export function SubscriptionsTable() {
  const query = useSubscriptions();
  if (query.isError && !query.data)
    return <LoadError title={SUBSCRIPTIONS_LOAD_ERROR} detail={serverErrorMessage(query.error, '')} />;
  return (
    <DataTable
      caption="Subscriptions"
      columns={columns}
      rows={query.data?.subscriptions}
      rowKey={(s) => s.userId}
      loading={query.isPending}
      emptyText="No trader has subscribed yet: everyone is on Free"
    />
  );
}
