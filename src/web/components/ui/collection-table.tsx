import type { ReactNode } from 'react';
import { Button } from './button';
import { pageCount } from './paging';
import { TableFrame } from './table-frame';
import type { CollectionColumn } from './collection-column';

export const SKELETON_ROWS = 5;

interface CollectionTableProps<T> {
  caption: string;
  columns: readonly CollectionColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** What names a row for its checkbox, e.g. 'BTC/USD'. */
  rowLabel: (row: T) => string;
  loading: boolean;
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Row action buttons (Delete, Approve...); adds an Actions column when given. */
  actions?: (row: T) => ReactNode;
}

const cell = 'whitespace-nowrap px-3 py-2.5';

/**
 * The admin collection table (admin spec 2): select-all and row checkboxes, a 5-row skeleton
 * while the first page loads, 'No data available', and Previous/Next with 'Page X of Y'.
 */
export function CollectionTable<T>(props: CollectionTableProps<T>) {
  const { columns, rows, rowKey, selected, actions } = props;
  const keys = (rows ?? []).map(rowKey);
  const allSelected = keys.length > 0 && keys.every((key) => selected.has(key));
  const pages = pageCount(props.total, props.pageSize);
  const headers = [
    { label: 'Select' },
    ...columns.map((column) => ({ label: column.header, className: column.className })),
    ...(actions ? [{ label: 'Actions' }] : []),
  ];

  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    props.onSelectedChange(next);
  };

  const body =
    props.loading && !rows
      ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <tr key={index} data-testid="skeleton-row" aria-hidden="true">
            {headers.map((header) => (
              <td key={header.label} className={cell}>
                <div className="h-4 animate-pulse rounded bg-slate-700" />
              </td>
            ))}
          </tr>
        ))
      : (rows ?? []).map((row) => {
          const key = rowKey(row);
          return (
            <tr key={key} className="hover:bg-slate-800/60">
              <td className={cell}>
                <input
                  type="checkbox"
                  aria-label={`Select ${props.rowLabel(row)}`}
                  checked={selected.has(key)}
                  onChange={() => toggle(key)}
                />
              </td>
              {columns.map((column) => (
                <td key={column.key} className={`${cell} ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
              {actions ? <td className={`${cell} flex gap-2`}>{actions(row)}</td> : null}
            </tr>
          );
        });

  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm text-slate-300">
        <input
          type="checkbox"
          checked={allSelected}
          disabled={keys.length === 0}
          onChange={() => props.onSelectedChange(allSelected ? new Set() : new Set(keys))}
        />
        Select all
      </label>
      <TableFrame
        caption={props.caption}
        headers={headers}
        placeholder={!props.loading && rows && rows.length === 0 ? 'No data available' : null}
        busy={props.loading}
      >
        {body}
      </TableFrame>
      <nav
        aria-label={`${props.caption} pages`}
        className="flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <p className="text-slate-400" aria-live="polite">
          Page {props.page} of {pages}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={props.page <= 1}
            onClick={() => props.onPageChange(props.page - 1)}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={props.page >= pages}
            onClick={() => props.onPageChange(props.page + 1)}
          >
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
}
