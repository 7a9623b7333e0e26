import type { ReactNode } from 'react';
import type { CsvValue } from '../../../contract/csv';

/** One column of an admin collection: its on-screen text (or node) and its raw CSV value. */
export interface CollectionColumn<T> {
  key: string;
  header: string;
  /** What the cell shows, already formatted ('N/A' when empty). */
  cell: (row: T) => ReactNode;
  /** What the CSV export holds for the cell: the raw value, numbers staying numbers. */
  csv: (row: T) => CsvValue;
  className?: string;
}
