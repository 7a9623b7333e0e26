import { serverErrorMessage } from '../../lib/api-client';
import { DataTable, type Column } from './data-table';
import { LoadError } from './load-error';
import { Pager } from './pager';
import { SectionCard } from './section-card';

/** What the card needs of a paged list query (react-query's result has all of it). */
export interface PagedQuery {
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
}

interface PagedTableCardProps<T> {
  title: string;
  /** The table's accessible caption. */
  caption: string;
  query: PagedQuery;
  rows: readonly T[] | undefined;
  /** Undefined until the first page has loaded. */
  total: number | undefined;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string;
  /** Shown (with the server's words) when the first load failed; Retry reloads the page. */
  errorTitle: string;
  loadingText: string;
  emptyText: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the page navigation, e.g. 'Payment history pages'. */
  pagerLabel: string;
}

/** A history list: a card with its total, the table, and Previous / Next by page. */
export function PagedTableCard<T>(props: PagedTableCardProps<T>) {
  const { query, total } = props;
  return (
    <SectionCard
      title={props.title}
      actions={total === undefined ? null : <span className="text-slate-400">{total} total</span>}
    >
      {query.isError && total === undefined ? (
        <LoadError title={props.errorTitle} detail={serverErrorMessage(query.error, props.errorTitle)} />
      ) : (
        <>
          <DataTable
            caption={props.caption}
            columns={props.columns}
            rows={props.rows}
            rowKey={props.rowKey}
            rowClassName={props.rowClassName}
            loading={query.isPending}
            loadingText={props.loadingText}
            emptyText={props.emptyText}
          />
          <Pager
            label={props.pagerLabel}
            page={props.page}
            pageSize={props.pageSize}
            total={total ?? 0}
            onPageChange={props.onPageChange}
            disabled={query.isPlaceholderData}
          />
        </>
      )}
    </SectionCard>
  );
}
