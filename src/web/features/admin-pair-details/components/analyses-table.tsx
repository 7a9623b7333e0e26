import type { PairDetailsAnalysis } from '../../../../contract/admin-pair-details';
import { capitalize, formatPositionType } from '../../../lib/format';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { adminFormat } from '../../../lib/admin-format';

const COLUMNS: readonly Column<PairDetailsAnalysis>[] = [
  { key: 'createdAt', header: 'Created At', cell: (a) => adminFormat.date(a.createdAt) },
  { key: 'status', header: 'Status', cell: (a) => capitalize(a.status) },
  { key: 'progress', header: 'Progress', cell: (a) => `${a.progress}%`, className: 'text-right' },
  { key: 'timeframe', header: 'Timeframe', cell: (a) => a.timeframe },
  { key: 'heat', header: 'Heat', cell: (a) => adminFormat.score(a.heatScore), className: 'text-right' },
  {
    key: 'success',
    header: 'Success Rate',
    cell: (a) => adminFormat.score(a.successRate),
    className: 'text-right',
  },
  {
    key: 'position',
    header: 'Position Type',
    cell: (a) => (a.positionType ? formatPositionType(a.positionType) : adminFormat.text(null)),
  },
  {
    key: 'progrev',
    header: 'Progrev',
    cell: (a) => adminFormat.score(a.progrevScore),
    className: 'text-right',
  },
  { key: 'density', header: 'Density', cell: (a) => adminFormat.score(a.density), className: 'text-right' },
  {
    key: 'profit',
    header: 'Expected Profit %',
    cell: (a) => adminFormat.score(a.expectedProfitPercent),
    className: 'text-right',
  },
  { key: 'trend', header: 'Trend', cell: (a) => (a.trend ? capitalize(a.trend) : adminFormat.text(null)) },
  { key: 'risk', header: 'Risk', cell: (a) => (a.risk ? capitalize(a.risk) : adminFormat.text(null)) },
  { key: 'sample', header: 'Sample', cell: (a) => adminFormat.text(a.sampleSize), className: 'text-right' },
  { key: 'trigger', header: 'Trigger', cell: (a) => adminFormat.text(a.triggerType) },
  { key: 'error', header: 'Error', cell: (a) => adminFormat.text(a.error) },
];

/** The pair's analysis runs (Analysis Results and Bypass Analyses tabs). */
export function AnalysesTable({
  caption,
  rows,
  emptyText,
}: {
  caption: string;
  rows: readonly PairDetailsAnalysis[];
  emptyText: string;
}) {
  return (
    <DataTable caption={caption} columns={COLUMNS} rows={rows} rowKey={(a) => a.id} emptyText={emptyText} />
  );
}
