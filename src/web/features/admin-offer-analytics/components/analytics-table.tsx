import type { AdminHeatMapEntry } from '../../../../contract/heatmap';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { DateTimeLines } from '../../../components/ui/date-time-lines';
import { capitalize, formatDecimal, formatPercent, formatPositionType } from '../../../lib/format';
import { HEAT_BORDER_CLASS, heatBand } from '../../../lib/heat-band';
import { HotPulseEdge } from '../../heatmap';
import { type ColumnSort } from '../lib/column-sort';

const numeric = 'text-right tabular-nums';
const wide = 'max-w-72 truncate whitespace-nowrap';

type ColumnDef = Omit<Column<AdminHeatMapEntry>, 'sort'>;

/** Admin spec 2: the 15 columns, in order. */
const COLUMNS: ColumnDef[] = [
  {
    key: 'pair',
    header: 'Pair',
    className: 'relative font-medium',
    cell: (e) => (
      <>
        {heatBand(e.heatScore) === 'red' ? <HotPulseEdge /> : null}
        {e.pair}
      </>
    ),
  },
  { key: 'heatScore', header: 'Heat Score', className: numeric, cell: (e) => formatDecimal(e.heatScore) },
  { key: 'status', header: 'Status', cell: (e) => capitalize(e.status) },
  {
    key: 'successRate',
    header: 'Success Rate',
    className: numeric,
    cell: (e) => formatPercent(e.successRate),
  },
  { key: 'positionType', header: 'Position Type', cell: (e) => formatPositionType(e.positionType) },
  {
    key: 'progrevScore',
    header: 'Progrev Score',
    className: numeric,
    cell: (e) => formatDecimal(e.progrevScore),
  },
  { key: 'refereeTrend', header: 'Trend', cell: (e) => capitalize(e.refereeTrend) },
  { key: 'refereeRisk', header: 'Risk Level', cell: (e) => capitalize(e.refereeRisk) },
  {
    key: 'change7d',
    header: 'Change 7D',
    className: numeric,
    cell: (e) => formatPercent(e.tickerData.change_7d),
  },
  {
    key: 'volume7d',
    header: 'Volume 7D',
    className: numeric,
    cell: (e) => formatDecimal(e.tickerData.volume_7d),
  },
  {
    key: 'volatility7d',
    header: 'Volatility 7D',
    className: numeric,
    cell: (e) => formatPercent(e.tickerData.volatility_7d),
  },
  {
    key: 'activeTriggers',
    header: 'Active Triggers',
    cell: (e) => (e.activeTriggers.length > 0 ? e.activeTriggers.map(capitalize).join(', ') : 'None'),
  },
  {
    key: 'aiComments',
    header: 'AI Comments',
    cell: (e) => (
      <span className={`block ${wide}`} title={e.aiComments.summary}>
        {e.aiComments.summary.trim() || 'None'}
      </span>
    ),
  },
  {
    key: 'recentErrors',
    header: 'Recent Errors',
    cell: (e) =>
      e.recentErrors.length > 0 ? (
        <span className={`block ${wide} text-red-300`} title={e.recentErrors.map((r) => r.error).join('\n')}>
          {e.recentErrors.length}: {e.recentErrors[0]!.error}
        </span>
      ) : (
        'None'
      ),
  },
  { key: 'lastUpdated', header: 'Last Updated', cell: (e) => <DateTimeLines value={e.lastUpdated} /> },
];

/** Red (pulsing, drawn by HotPulseEdge) above heat 75, orange above 50, else green. */
function edgeClass(heatScore: number): string {
  const band = heatBand(heatScore);
  return `border-l-4 ${band === 'red' ? 'border-l-transparent' : HEAT_BORDER_CLASS[band]}`;
}

interface AnalyticsTableProps {
  entries: readonly AdminHeatMapEntry[] | undefined;
  loading: boolean;
  sort: ColumnSort | null;
  onSort: (key: string) => void;
  onOpen: (pair: string) => void;
}

export function AnalyticsTable({ entries, loading, sort, onSort, onOpen }: AnalyticsTableProps) {
  const columns: Column<AdminHeatMapEntry>[] = COLUMNS.map((column) => ({
    ...column,
    sort: {
      direction: sort?.key === column.key ? sort.direction : null,
      onToggle: () => onSort(column.key),
    },
  }));
  return (
    <DataTable
      caption="Heatmap of active pairs"
      columns={columns}
      rows={entries}
      rowKey={(e) => e.pair}
      loading={loading}
      loadingText="Loading analytics..."
      emptyText="No pairs match these filters"
      rowClassName={(e) => edgeClass(e.heatScore)}
      onRowOpen={(e) => onOpen(e.pair)}
      rowLabel={(e) => `${e.pair} details`}
    />
  );
}
