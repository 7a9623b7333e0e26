import type { ReactNode } from 'react';

export interface Column<T> {
  /** Unique within the table. */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for this column's cells (e.g. 'text-right'). */
  className?: string;
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
}

const cellClass = 'whitespace-nowrap px-3 py-2.5';

/**
 * A read-only table that scrolls sideways on narrow screens instead of squeezing its cells; one
 * full-width row says when it is loading or empty.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingText = 'Loading...',
  emptyText,
  rowClassName,
}: DataTableProps<T>) {
  const placeholder = loading && !rows ? loadingText : rows && rows.length === 0 ? emptyText : null;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-700" aria-busy={loading || undefined}>
      <table className="min-w-full divide-y divide-slate-700 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-900/80 text-xs uppercase tracking-wide text-slate-400">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`${cellClass} font-semibold ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800 text-slate-200">
          {placeholder !== null ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-400">
                {placeholder}
              </td>
            </tr>
          ) : (
            (rows ?? []).map((row) => (
              <tr key={rowKey(row)} className={`hover:bg-slate-800/60 ${rowClassName?.(row) ?? ''}`}>
                {columns.map((column) => (
                  <td key={column.key} className={`${cellClass} ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
