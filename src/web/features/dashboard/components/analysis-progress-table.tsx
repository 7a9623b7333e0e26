import { DataTable, type Column } from '../../../components/ui/data-table';
import { SectionCard } from '../../../components/ui/section-card';
import { capitalize } from '../../../lib/format';
import type { AnalysisProgress, AnalysisProgressRow } from '../lib/analysis-progress';

const COLUMNS: readonly Column<AnalysisProgressRow>[] = [
  { key: 'pair', header: 'Pair', cell: (row) => <span className="font-medium text-white">{row.pair}</span> },
  { key: 'status', header: 'Status', cell: (row) => capitalize(row.status) },
  {
    key: 'progress',
    header: 'Progress (%)',
    cell: (row) => `${row.progress}%`,
    className: 'text-right tabular-nums',
  },
];

/** 'Analysis Progress' (trader spec 2.6): shown only once live analysis notices have arrived. */
export function AnalysisProgressTable({ rows }: { rows: AnalysisProgress }) {
  if (rows.length === 0) return null;
  return (
    <SectionCard title="Analysis Progress">
      <DataTable
        caption="Analysis Progress"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.pair}
        emptyText="No data available"
      />
    </SectionCard>
  );
}
