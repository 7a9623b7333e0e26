import type { ReactNode } from 'react';
import type { AdminPairDetails } from '../../../../contract/admin-pair-details';
import type { ActionLogRecord, AdminOfferRecord } from '../../../../contract/admin-records';
import type { TriggerRecord } from '../../../../contract/admin-triggers';
import { capitalize, formatPositionType, shortId } from '../../../lib/format';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { adminFormat } from '../../../lib/admin-format';

const OFFERS: readonly Column<AdminOfferRecord>[] = [
  { key: 'id', header: 'ID', cell: (o) => shortId(o.id) },
  { key: 'position', header: 'Position Type', cell: (o) => formatPositionType(o.positionType) },
  { key: 'heat', header: 'Heat', cell: (o) => adminFormat.score(o.heatScore), className: 'text-right' },
  {
    key: 'success',
    header: 'Success Rate',
    cell: (o) => adminFormat.score(o.successRate),
    className: 'text-right',
  },
  { key: 'status', header: 'Status', cell: (o) => capitalize(o.status) },
  { key: 'outcome', header: 'Outcome', cell: (o) => adminFormat.text(o.outcome) },
  { key: 'updated', header: 'Updated At', cell: (o) => adminFormat.date(o.updatedAt) },
];

const LOGS: readonly Column<ActionLogRecord>[] = [
  { key: 'time', header: 'Timestamp', cell: (l) => adminFormat.date(l.timestamp) },
  { key: 'action', header: 'Action', cell: (l) => l.action },
  { key: 'status', header: 'Status', cell: (l) => l.status },
];

const TRIGGERS: readonly Column<TriggerRecord>[] = [
  { key: 'type', header: 'Type', cell: (t) => t.type },
  { key: 'active', header: 'Active', cell: (t) => adminFormat.yesNo(t.active) },
  { key: 'timeframe', header: 'Timeframe', cell: (t) => adminFormat.text(t.parameters?.timeframe) },
  { key: 'keywords', header: 'Keywords', cell: (t) => adminFormat.list(t.keywords) },
  { key: 'source', header: 'Source', cell: (t) => adminFormat.text(t.source) },
  { key: 'created', header: 'Created At', cell: (t) => adminFormat.date(t.createdAt) },
];

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-200">{title}</h3>
      {children}
    </section>
  );
}

/** Database Data: the pair's recent offers, recent action logs and its triggers. */
export function DatabaseTab({ details }: { details: AdminPairDetails }) {
  return (
    <div className="space-y-5">
      <Part title="Recent Offers">
        <DataTable
          caption="Recent offers"
          columns={OFFERS}
          rows={details.recentOffers}
          rowKey={(o) => o.id}
          emptyText="No offers for this pair"
        />
      </Part>
      <Part title="Recent Logs">
        <DataTable
          caption="Recent logs"
          columns={LOGS}
          rows={details.recentLogs}
          rowKey={(l) => l.id}
          emptyText="No logs for this pair"
        />
      </Part>
      <Part title="Triggers">
        <DataTable
          caption="Triggers"
          columns={TRIGGERS}
          rows={details.triggers}
          rowKey={(t) => t.id}
          emptyText="No triggers for this pair"
        />
      </Part>
    </div>
  );
}
