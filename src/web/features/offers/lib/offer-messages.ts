import type { AcceptOfferResponse } from '../../../../contract/offers';
import { ORDER_CHECK_TEXT } from '../../../../contract/trades';
import { formatMoney } from '../../../lib/format';

/** Trader spec 5: asked before any reject. */
export const REJECT_CONFIRMATION = 'Are you sure you want to reject this offer?';

/**
 * The info toast after 'Offer accepted successfully': what opened, and the available balance left
 * (and, when the exchange has not told the order's outcome yet, that it is being checked).
 */
export function tradeOpenedMessage({ trade, balance }: AcceptOfferResponse): string {
  const opened = `Trade opened: ${trade.pair} ${formatMoney(trade.amount)}; balance ${formatMoney(balance)}`;
  return trade.orderCheck ? `${opened}. ${ORDER_CHECK_TEXT}` : opened;
}
