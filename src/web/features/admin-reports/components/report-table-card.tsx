import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { REPORTS_LOAD_ERROR } from '../api/get-reports';

interface ReportTableCardProps<T> {
  title: 'Recent Trades' | 'Recent Payments';
  rows: readonly T[] | undefined;
  total: number | undefined;
  columns: readonly Column<T>[];
  rowLabel: (row: T) => string;
  onRowOpen: (row: T) => void;
  query: {
    error: unknown;
    isError: boolean;
    isPending: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** One of the two report tables: its total, the rows (each opens its details), 'Page X of Y'. */
export function ReportTableCard<T extends { id: string }>(props: ReportTableCardProps<T>) {
  const { title, query, total } = props;
  return (
    <SectionCard
      title={title}
      actions={total === undefined ? null : <span className="text-slate-400">{total} total</span>}
    >
      {query.isError && total === undefined ? (
        <LoadError
          title={REPORTS_LOAD_ERROR}
          detail={serverErrorMessage(query.error, REPORTS_LOAD_ERROR)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <DataTable
            caption={title}
            columns={props.columns}
            rows={props.rows}
            rowKey={(row) => row.id}
            loading={query.isPending || query.isPlaceholderData}
            loadingText={`Loading ${title}...`}
            emptyText={`No ${title} available`}
            onRowOpen={props.onRowOpen}
            rowLabel={props.rowLabel}
          />
          <Pager
            label={`${title} pages`}
            page={props.page}
            pageSize={props.pageSize}
            total={total ?? 0}
            onPageChange={props.onPageChange}
            disabled={query.isPlaceholderData}
            showSinglePage
          />
        </>
      )}
    </SectionCard>
  );
}
