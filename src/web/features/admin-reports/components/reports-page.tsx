import { useState } from 'react';
import type { ReportsExportQuery, ReportsQuery } from '../../../../contract/admin-reports';
import type { TimeRange } from '../../../../contract/common';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { FILTER_DEBOUNCE_MS } from '../../../lib/debounce';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useReports } from '../api/get-reports';
import { useReportDownload } from '../hooks/use-report-download';
import { DEFAULT_REPORT_SORT, nextSort, type ReportSort, type ReportSortKey } from '../lib/report-sort';
import {
  paymentColumns,
  paymentRowLabel,
  sortableColumns,
  tradeColumns,
  tradeRowLabel,
} from './report-columns';
import { ReportDetailsDialog } from './report-details-dialog';
import { ReportTableCard } from './report-table-card';
import { ReportsControls, type ReportFilterText } from './reports-controls';

/** Where each table is: its own page and sort (the server sorts, key_direction). */
interface TableView {
  page: number;
  sort: ReportSort;
}

const FIRST_VIEW: TableView = { page: 1, sort: DEFAULT_REPORT_SORT };

/**
 * Admin spec 2, Reports: trades and payments of every trader under one set of filters. Each table
 * pages and sorts on its own; while both sit on the same page and sort they share one request.
 */
export function ReportsPage() {
  const [timeRange, setTimeRange] = useState<TimeRange>('30d');
  const [filters, setFilters] = useState<ReportFilterText>({ user: '', pair: '' });
  const [pageSize, setPageSize] = useState(10);
  const [trades, setTrades] = useState<TableView>(FIRST_VIEW);
  const [payments, setPayments] = useState<TableView>(FIRST_VIEW);
  /** The downloads follow the sort chosen last. */
  const [exportSort, setExportSort] = useState<ReportSort>(DEFAULT_REPORT_SORT);
  const [details, setDetails] = useState<object | null>(null);

  const settled = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  // New filters (once settled) start both tables again at page 1.
  const [pagedFilters, setPagedFilters] = useState(settled);
  if (pagedFilters !== settled) {
    setPagedFilters(settled);
    setTrades((view) => ({ ...view, page: 1 }));
    setPayments((view) => ({ ...view, page: 1 }));
  }

  const exportQuery: ReportsExportQuery = {
    timeRange,
    user: settled.user.trim() || undefined,
    pair: settled.pair.trim().toUpperCase() || undefined,
    sort: exportSort,
  };
  const queryOf = (view: TableView): ReportsQuery => ({ ...exportQuery, ...view, pageSize });
  const tradesQuery = useReports(queryOf(trades));
  const paymentsQuery = useReports(queryOf(payments));
  const { busy, download } = useReportDownload(exportQuery);

  const startOver = () => {
    setTrades((view) => ({ ...view, page: 1 }));
    setPayments((view) => ({ ...view, page: 1 }));
  };
  const sortBy = (set: typeof setTrades, view: TableView) => (key: ReportSortKey) => {
    const sort = nextSort(view.sort, key);
    set({ page: 1, sort });
    setExportSort(sort);
  };

  return (
    <div>
      <PageTitle title="Reports">
        <Button variant="secondary" disabled={busy !== null} onClick={() => void download('CSV')}>
          Download CSV
        </Button>
        <Button variant="secondary" disabled={busy !== null} onClick={() => void download('PDF')}>
          Download PDF
        </Button>
      </PageTitle>
      <ReportsControls
        timeRange={timeRange}
        onTimeRange={(value) => {
          setTimeRange(value);
          startOver();
        }}
        filters={filters}
        onFilters={setFilters}
        pageSize={pageSize}
        onPageSize={(size) => {
          setPageSize(size);
          startOver();
        }}
      />
      <div className="space-y-6">
        <ReportTableCard
          title="Recent Trades"
          rows={tradesQuery.data?.recentTrades}
          total={tradesQuery.data?.totalTrades}
          columns={sortableColumns(tradeColumns, trades.sort, sortBy(setTrades, trades))}
          rowLabel={tradeRowLabel}
          onRowOpen={setDetails}
          query={tradesQuery}
          page={trades.page}
          pageSize={pageSize}
          onPageChange={(page) => setTrades((view) => ({ ...view, page }))}
        />
        <ReportTableCard
          title="Recent Payments"
          rows={paymentsQuery.data?.recentPayments}
          total={paymentsQuery.data?.totalPayments}
          columns={sortableColumns(paymentColumns, payments.sort, sortBy(setPayments, payments))}
          rowLabel={paymentRowLabel}
          onRowOpen={setDetails}
          query={paymentsQuery}
          page={payments.page}
          pageSize={pageSize}
          onPageChange={(page) => setPayments((view) => ({ ...view, page }))}
        />
      </div>
      {details ? <ReportDetailsDialog record={details} onClose={() => setDetails(null)} /> : null}
    </div>
  );
}
