import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { STATS_LOAD_ERROR, useStats } from '../api/get-stats';
import { STAT_LABELS, statsRows, type StatRow } from '../lib/stats-rows';

const figure = (value: string | undefined) => <span className="font-medium text-white">{value}</span>;

/** From a small screen up: one column per figure, one row, the figures side by side. */
const WIDE_COLUMNS: readonly Column<readonly StatRow[]>[] = STAT_LABELS.map((label) => ({
  key: label,
  header: label,
  cell: (row) => figure(row.find((stat) => stat.label === label)?.value),
  className: 'text-right tabular-nums',
}));

/** On a phone: one row per figure, so none is scrolled out of sight. */
const NARROW_COLUMNS: readonly Column<StatRow>[] = [
  { key: 'stat', header: 'Stat', cell: (stat) => stat.label },
  { key: 'value', header: 'Value', cell: (stat) => figure(stat.value), className: 'text-right tabular-nums' },
];

/** 'Your Stats' (trader spec 2.6) from GET /api/payments/stats. */
export function StatsTable() {
  const stats = useStats();
  const rows = stats.data ? statsRows(stats.data) : undefined;
  const states = {
    loading: stats.isPending,
    loadingText: 'Loading user stats...',
    emptyText: 'No data available',
  };
  return (
    <SectionCard title="Your Stats">
      {stats.isError ? (
        <LoadError title={STATS_LOAD_ERROR} />
      ) : (
        <>
          {/* One of the two is displayed; the other is display:none, out of the accessibility tree too. */}
          <div className="hidden sm:block">
            <DataTable
              caption="Your Stats"
              columns={WIDE_COLUMNS}
              rows={rows ? [rows] : undefined}
              rowKey={() => 'stats'}
              {...states}
            />
          </div>
          <div className="sm:hidden">
            <DataTable
              caption="Your Stats"
              columns={NARROW_COLUMNS}
              rows={rows}
              rowKey={(stat) => stat.label}
              {...states}
            />
          </div>
        </>
      )}
    </SectionCard>
  );
}
