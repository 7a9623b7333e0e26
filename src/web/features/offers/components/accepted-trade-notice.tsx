import { Link } from 'react-router';
import type { AcceptOfferResponse } from '../../../../contract/offers';
import { ORDER_CHECK_TEXT } from '../../../../contract/trades';
import { buttonClasses } from '../../../components/ui/button';
import { capitalize, formatMoney, formatPercent, formatPositionType } from '../../../lib/format';

/**
 * The last accept's answer, kept on screen after its toasts fade: the trade that opened (its
 * status as the accept left it; Your Trades follows it live) and the available balance after it.
 */
export function AcceptedTradeNotice({ accepted }: { accepted: AcceptOfferResponse }) {
  const { trade, balance } = accepted;
  return (
    <section
      aria-label="Trade opened"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-emerald-700/60 bg-emerald-950/30 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="text-sm text-slate-200">
        <p className="font-semibold text-emerald-300">Trade opened</p>
        <p className="mt-1" data-testid="accepted-trade">
          {trade.pair} {formatPositionType(trade.positionType)} · {formatMoney(trade.amount)} · entry price{' '}
          {trade.entryPrice} · auto-close {formatPercent(trade.autoCloseProfitPercent)} ·{' '}
          {capitalize(trade.status)}
        </p>
        {trade.orderCheck ? (
          <p className="mt-1 text-amber-300" data-testid="order-check">
            {ORDER_CHECK_TEXT}
          </p>
        ) : null}
        <p className="mt-1">
          Available balance: <span data-testid="balance-after-accept">{formatMoney(balance)}</span>
        </p>
      </div>
      <Link to="/trades" className={buttonClasses('secondary')}>
        Your Trades
      </Link>
    </section>
  );
}
