import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Trade } from '../../../../contract/trades';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { PagedTableCard } from '../../../components/ui/paged-table-card';
import { PageTitle } from '../../../components/ui/page-title';
import { formatDateTime, formatMoney, formatPositionType, shortId } from '../../../lib/format';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { TRADE_STATUS_ERROR, useCheckTradeStatus } from '../api/check-trade-status';
import { TRADES_FETCH_ERROR, TRADES_PAGE_SIZE, useTrades } from '../api/get-trades';
import { useLiveTrades } from '../hooks/use-live-trades';
import { ProfitCell, TradeStatusBadge } from './trade-cells';

export const EMPTY_TRADES = 'No trades available. Accept an offer to start trading!';

/** Trader spec 2.10 'Your Trades': history paged by 10, live updates, 'Check Status' per row. */
export function TradesPage() {
  const [page, setPage] = useState(1);
  const trades = useTrades(page);
  const check = useCheckTradeStatus();
  useLiveTrades();
  useLoadErrorToast(trades.error, {
    fallback: TRADES_FETCH_ERROR,
    toastId: 'trades-error',
    unauthorizedMessage: 'Please sign in to view trades',
  });

  const checkStatus = (id: string) => {
    check.mutate(id, {
      onSuccess: (status) => toast.info(`Trade ${status.id} status: ${status.status}`),
      onError: (error) => toast.error(serverErrorMessage(error, TRADE_STATUS_ERROR)),
    });
  };

  const columns: readonly Column<Trade>[] = [
    {
      key: 'id',
      header: 'ID',
      cell: (t) => (
        <span title={t.id} className="font-mono text-xs text-slate-400">
          {shortId(t.id)}
        </span>
      ),
    },
    { key: 'pair', header: 'Pair', cell: (t) => <span className="font-medium text-white">{t.pair}</span> },
    { key: 'positionType', header: 'Position Type', cell: (t) => formatPositionType(t.positionType) },
    {
      key: 'amount',
      header: 'Amount',
      cell: (t) => formatMoney(t.amount),
      className: 'text-right tabular-nums',
    },
    {
      key: 'profit',
      header: 'Profit',
      cell: (t) => <ProfitCell profit={t.profit} />,
      className: 'text-right tabular-nums',
    },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => <TradeStatusBadge status={t.status} orderCheck={t.orderCheck} />,
    },
    { key: 'closedAt', header: 'Closed At', cell: (t) => formatDateTime(t.closedAt) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => {
        const checking = check.isPending && check.variables === t.id;
        return (
          <Button
            variant="secondary"
            disabled={checking}
            aria-busy={checking || undefined}
            onClick={() => checkStatus(t.id)}
          >
            Check Status
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <PageTitle title="Your Trades">
        <Link to="/offers" className={buttonClasses('primary')}>
          View Offers
        </Link>
      </PageTitle>
      <PagedTableCard
        title="Trade History"
        caption="Your trades"
        query={trades}
        rows={trades.data?.trades}
        total={trades.data?.total}
        columns={columns}
        rowKey={(t) => t.id}
        errorTitle={TRADES_FETCH_ERROR}
        loadingText="Loading trades..."
        emptyText={EMPTY_TRADES}
        page={page}
        pageSize={TRADES_PAGE_SIZE}
        onPageChange={setPage}
        pagerLabel="Trade pages"
      />
    </>
  );
}
