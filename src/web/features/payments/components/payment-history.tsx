import { useState } from 'react';
import type { Payment } from '../../../../contract/payments';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { SectionCard } from '../../../components/ui/section-card';
import { NOT_AVAILABLE, capitalize, formatDateTime, formatMoney, shortId } from '../../../lib/format';
import { serverErrorMessage, useLoadErrorToast } from '../../../lib/use-load-error';
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
    <SectionCard
      title="Payment History"
      actions={history.data ? <span className="text-slate-400">{history.data.total} total</span> : null}
    >
      {history.isError && !history.data ? (
        <LoadError
          title={PAYMENT_HISTORY_ERROR}
          detail={serverErrorMessage(history.error, PAYMENT_HISTORY_ERROR)}
        />
      ) : (
        <>
          <DataTable
            caption="Payment history"
            columns={columns}
            rows={history.data?.payments}
            rowKey={(p) => p.id}
            loading={history.isPending}
            loadingText="Loading payment history..."
            emptyText="No payments yet."
          />
          <Pager
            label="Payment history pages"
            page={page}
            pageSize={PAYMENTS_PAGE_SIZE}
            total={history.data?.total ?? 0}
            onPageChange={setPage}
            disabled={history.isPlaceholderData}
          />
        </>
      )}
    </SectionCard>
  );
}
