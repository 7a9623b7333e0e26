import { useState } from 'react';
import type { Payment } from '../../../../contract/payments';
import type { Column } from '../../../components/ui/data-table';
import { PagedTableCard } from '../../../components/ui/paged-table-card';
import { NOT_AVAILABLE, capitalize, formatDateTime, formatMoney, shortId } from '../../../lib/format';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { PAYMENT_HISTORY_ERROR, usePaymentHistory } from '../api/get-payment-history';
import { PAYMENTS_PAGE_SIZE } from '../api/query-keys';
import { PaymentStatusCell } from './payment-status';

const columns: readonly Column<Payment>[] = [
  {
    key: 'id',
    header: 'ID',
    cell: (p) => (
      <span title={p.id} className="font-mono text-xs text-slate-400">
        {shortId(p.id)}
      </span>
    ),
  },
  { key: 'date', header: 'Date', cell: (p) => formatDateTime(p.date) },
  {
    key: 'type',
    header: 'Type',
    cell: (p) => (p.auto ? `${capitalize(p.type)} (auto)` : capitalize(p.type)),
  },
  {
    key: 'amount',
    header: 'Amount',
    cell: (p) => formatMoney(p.amount),
    className: 'text-right tabular-nums',
  },
  { key: 'status', header: 'Status', cell: (p) => <PaymentStatusCell payment={p} /> },
  { key: 'approvedBy', header: 'Approved By', cell: (p) => p.approvedBy ?? NOT_AVAILABLE },
];

export function PaymentHistory() {
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(page);
  useLoadErrorToast(history.error, { fallback: PAYMENT_HISTORY_ERROR, toastId: 'payment-history-error' });

  return (
    <PagedTableCard
      title="Payment History"
      caption="Payment history"
      query={history}
      rows={history.data?.payments}
      total={history.data?.total}
      columns={columns}
      rowKey={(p) => p.id}
      errorTitle={PAYMENT_HISTORY_ERROR}
      loadingText="Loading payment history..."
      emptyText="No payments yet."
      page={page}
      pageSize={PAYMENTS_PAGE_SIZE}
      onPageChange={setPage}
      pagerLabel="Payment history pages"
    />
  );
}
