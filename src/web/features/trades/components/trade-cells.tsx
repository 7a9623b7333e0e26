import { ORDER_CHECK_TEXT, type Trade } from '../../../../contract/trades';
import { capitalize, formatPercent } from '../../../lib/format';

/** Trader spec 5% threshold: a profit above it is highlighted. */
export const PROFIT_HIGHLIGHT_PERCENT = 5;

/** Trader spec 2.10: open and closed have their colours, anything else is red. */
export function tradeStatusClass(status: string): string {
  if (status === 'open') return 'bg-sky-500/15 text-sky-300 ring-sky-500/30';
  if (status === 'closed') return 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30';
  return 'bg-red-500/15 text-red-300 ring-red-500/30';
}

/** The status, and under it, while an order's outcome is being looked up, that it is. */
export function TradeStatusBadge({
  status,
  orderCheck,
}: {
  status: Trade['status'];
  orderCheck?: Trade['orderCheck'];
}) {
  return (
    <>
      <span
        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tradeStatusClass(status)}`}
      >
        {capitalize(status)}
      </span>
      {orderCheck ? (
        <span className="mt-1 block max-w-48 text-xs text-amber-300" data-testid="order-check">
          {ORDER_CHECK_TEXT}
        </span>
      ) : null}
    </>
  );
}

export function ProfitCell({ profit }: { profit: number }) {
  const highlighted = profit > PROFIT_HIGHLIGHT_PERCENT;
  return (
    <span
      className={
        highlighted
          ? 'rounded bg-emerald-500/20 px-1.5 py-0.5 font-semibold text-emerald-300'
          : profit < 0
            ? 'text-red-300'
            : ''
      }
      data-highlighted={highlighted || undefined}
    >
      {formatPercent(profit)}
    </span>
  );
}
