import type { TimeRange } from '../../../../contract/common';
import { csvText } from '../../../../contract/csv';
import { saveTextFile } from '../../../lib/download';
import type { CollectionColumn } from '../../../components/ui/collection-column';

/** The shown rows of a collection as '{name}-{range}.csv' (admin spec 7), by the one CSV rule. */
export function exportCollectionCsv<T>(
  name: string,
  timeRange: TimeRange,
  columns: readonly CollectionColumn<T>[],
  rows: readonly T[],
): void {
  const text = csvText(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.csv(row))),
  );
  saveTextFile(`${name}-${timeRange}.csv`, text, 'text/csv;charset=utf-8');
}
