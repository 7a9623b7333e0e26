import type { AcceptOfferResponse } from '../../../../contract/offers';
import { formatMoney } from '../../../lib/format';

/** Trader spec 5: asked before any reject. */
export const REJECT_CONFIRMATION = 'Are you sure you want to reject this offer?';

/** The info toast after 'Offer accepted successfully': what opened, and the available balance left. */
export function tradeOpenedMessage({ trade, balance }: AcceptOfferResponse): string {
  return `Trade opened: ${trade.pair} ${formatMoney(trade.amount)}; balance ${formatMoney(balance)}`;
}
