import type { HeatMapEntry } from '../../../../contract/heatmap';
import { TableFrame } from '../../../components/ui/table-frame';
import { HeatmapRow } from './heatmap-row';

export const EMPTY_TEXT = 'No data available for the selected filters.';

const HEADERS = [
  'Pair',
  'Heat Score',
  'Status',
  'Success Rate',
  'Position Type',
  'Progrev Score',
  'Trend',
  'Risk Level',
  'Active Triggers',
  'Last Updated',
] as const;
const NUMERIC = new Set<string>(['Heat Score', 'Success Rate', 'Progrev Score']);
const HEADER_CELLS = HEADERS.map((label) => ({ label, className: NUMERIC.has(label) ? 'text-right' : '' }));

interface HeatmapTableProps {
  entries: readonly HeatMapEntry[] | undefined;
  /** A changed filter's answer is on its way (the rows shown are the held ones that pass it). */
  busy: boolean;
  onOpen: (pair: string) => void;
}

/** The pairs of trader spec 2.8, one row each; the pair opens its detail dialog. */
export function HeatmapTable({ entries, busy, onOpen }: HeatmapTableProps) {
  const placeholder = !entries ? 'Loading...' : entries.length === 0 ? EMPTY_TEXT : null;
  return (
    <TableFrame
      caption="Heatmap pairs"
      headers={HEADER_CELLS}
      placeholder={placeholder}
      busy={busy}
      headRowClassName="border-l-4 border-l-transparent"
      compact
    >
      {entries?.map((entry) => (
        <HeatmapRow key={entry.pair} entry={entry} onOpen={onOpen} />
      ))}
    </TableFrame>
  );
}
