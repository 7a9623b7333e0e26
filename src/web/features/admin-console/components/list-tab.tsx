import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import type { TimeRange } from '../../../../contract/common';
import { serverErrorMessage } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { pageCount } from '../../../components/ui/paging';
import type { CollectionColumn } from '../../../components/ui/collection-column';
import type { CollectionVariant } from '../lib/collection-context';
import { exportCollectionCsv } from '../lib/collection-csv';
import { CollectionTable } from '../../../components/ui/collection-table';

export interface ListTabProps<T> {
  variant: CollectionVariant;
  /** The tab's title, e.g. 'Crypto Pairs'. */
  title: string;
  /** The file stem of its CSV, e.g. 'cryptoPairs'. */
  name: string;
  timeRange: TimeRange;
  columns: readonly CollectionColumn<T>[];
  rows: readonly T[] | undefined;
  total: number;
  loading: boolean;
  error: unknown;
  /** The spec's text when a load fails without a server reason. */
  loadErrorText?: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  rowKey: (row: T) => string;
  rowLabel: (row: T) => string;
  actions?: (row: T) => ReactNode;
  /** Buttons beside Export that act on the selection (bulk actions) or the whole list. */
  toolbar?: (selected: readonly T[], clear: () => void) => ReactNode;
  footer?: ReactNode;
}

/** One collection tab: its buttons, table, pager and CSV export. */
export function ListTab<T>(props: ListTabProps<T>) {
  const [selectedKeys, setSelectedKeys] = useState<Set<string>>(new Set());
  const rows = props.rows ?? [];
  const selected = rows.filter((row) => selectedKeys.has(props.rowKey(row)));
  const lastPage = pageCount(props.total, props.pageSize);
  const { onPageChange, page } = props;
  const known = props.rows !== undefined;
  // Rows removed (a delete, a narrower search elsewhere) can leave the page past the end.
  useEffect(() => {
    if (known && page > lastPage) onPageChange(lastPage);
  }, [known, page, lastPage, onPageChange]);
  const exportLabel = props.variant === 'eye' ? `Export ${props.title}` : 'Export CSV';

  const onExport = () => {
    exportCollectionCsv(props.name, props.timeRange, props.columns, rows);
    toast.success(`${props.title} exported as CSV`);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onExport} disabled={rows.length === 0}>
          {exportLabel}
        </Button>
        {props.toolbar?.(selected, () => setSelectedKeys(new Set()))}
      </div>
      {props.error ? (
        <LoadError
          title={props.loadErrorText ?? `Failed to load ${props.title}`}
          detail={serverErrorMessage(props.error, '')}
        />
      ) : (
        <CollectionTable
          caption={props.title}
          columns={props.columns}
          rows={props.rows}
          rowKey={props.rowKey}
          rowLabel={props.rowLabel}
          loading={props.loading}
          selected={selectedKeys}
          onSelectedChange={setSelectedKeys}
          page={props.page}
          pageSize={props.pageSize}
          total={props.total}
          onPageChange={props.onPageChange}
          actions={props.actions}
        />
      )}
      {props.footer}
    </div>
  );
}
