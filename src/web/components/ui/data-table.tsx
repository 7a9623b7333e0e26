import type { KeyboardEvent, ReactNode } from 'react';
import { TableFrame, type TableSort } from './table-frame';

export interface Column<T> {
  /** Unique within the table. */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for this column's cells (e.g. 'text-right'). */
  className?: string;
  /** A sortable column's header sorts by it. */
  sort?: TableSort;
}

interface DataTableProps<T> {
  /** Names the table for assistive technology (visually hidden). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  loadingText?: string;
  emptyText: string;
  rowClassName?: (row: T) => string;
  /** Makes each row focusable and opens it on click, Enter or Space. */
  onRowOpen?: (row: T) => void;
  /** The accessible name of a row (e.g. 'BTC/USD offer details'), for openable rows. */
  rowLabel?: (row: T) => string;
}

const OPENABLE_ROW =
  'cursor-pointer focus-visible:bg-slate-800/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-orange-400';

const cellClass = 'whitespace-nowrap px-3 py-2.5';

/** Enter or Space on a focused openable row opens it, as a click does. */
function openOnKey(event: KeyboardEvent<HTMLTableRowElement>, open: () => void) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  }
}

/** A table of rows described by columns; rows may open (a modal, say) by click or keyboard. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingText = 'Loading...',
  emptyText,
  rowClassName,
  onRowOpen,
  rowLabel,
}: DataTableProps<T>) {
  const placeholder = loading && !rows ? loadingText : rows && rows.length === 0 ? emptyText : null;
  const headers = columns.map((column) => ({
    label: column.header,
    className: column.className,
    sort: column.sort,
  }));
  return (
    <TableFrame caption={caption} headers={headers} placeholder={placeholder} busy={loading}>
      {(rows ?? []).map((row) => {
        const open = onRowOpen ? () => onRowOpen(row) : undefined;
        return (
          <tr
            key={rowKey(row)}
            tabIndex={open ? 0 : undefined}
            aria-label={rowLabel?.(row)}
            onClick={open}
            onKeyDown={open ? (event) => openOnKey(event, open) : undefined}
            className={`hover:bg-slate-800/60 ${open ? OPENABLE_ROW : ''} ${rowClassName?.(row) ?? ''}`}
          >
            {columns.map((column) => (
              <td key={column.key} className={`${cellClass} ${column.className ?? ''}`}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        );
      })}
    </TableFrame>
  );
}
