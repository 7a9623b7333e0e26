/**
 * What an open trade is worth now, and whether the monitor closes it. The exit is estimated on the
 * current order book for the trade's own quantity (its slippage included) with the taker fee, so
 * the profit a trader sees while open is what closing now would realise.
 */
import { estimateFillByQuantity } from '../../providers/execution';
import type { OrderBook } from '../../providers/market/market-source';
import type { OrderSide, TradeCloseReason } from '../../db/schema/enums';
import {
  isPastStopLoss,
  midPrice,
  oppositeSide,
  profitOf,
  type FillAmounts,
  type Profit,
} from './trade-maths';

export interface Position {
  side: OrderSide;
  amountCents: number;
  quantity: number;
  entry: FillAmounts;
}

export interface ExitEstimate extends Profit {
  averagePrice: number;
}

/** Profit of closing now on `book`; null when the exit side of the book is empty. */
export function estimateExit(
  book: OrderBook,
  position: Position,
  takerFeePercent: number,
): ExitEstimate | null {
  if (!(position.quantity > 0)) return null;
  const fill = estimateFillByQuantity(book, oppositeSide(position.side), position.quantity);
  if (fill.quantity <= 0) return null;
  // A book too thin for the whole quantity: the rest is priced at the deepest level seen.
  const quote = fill.quoteAmount + (position.quantity - fill.quantity) * fill.worstPrice;
  const exit = { quote, fee: (quote * takerFeePercent) / 100 };
  const profit = profitOf({
    side: position.side,
    amountCents: position.amountCents,
    entry: position.entry,
    exit,
  });
  return { ...profit, averagePrice: quote / position.quantity };
}

export interface CloseRule {
  side: OrderSide;
  stopLossPrice: number | null;
  autoCloseProfitPercent: number | null;
  expiresAt: Date | null;
}

/**
 * Why the monitor closes a trade now, or null to keep it: the stop-loss first (the mid price at or
 * past it), then the auto-close profit (net, after the exit's costs), then the offer's expiration.
 */
export function closeReasonOf(
  rule: CloseRule,
  book: OrderBook,
  estimate: ExitEstimate | null,
  now: Date,
): Exclude<TradeCloseReason, 'error'> | null {
  const mid = midPrice(book);
  if (rule.stopLossPrice !== null && mid !== null && isPastStopLoss(rule.side, rule.stopLossPrice, mid))
    return 'stop_loss';
  if (
    estimate !== null &&
    rule.autoCloseProfitPercent !== null &&
    estimate.profitPercent >= rule.autoCloseProfitPercent
  )
    return 'auto_close';
  if (rule.expiresAt !== null && now >= rule.expiresAt) return 'expired';
  return null;
}
