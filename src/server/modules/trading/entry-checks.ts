/**
 * What an accept checks about the offer's price and this entry's cost before any money moves:
 * the price has not passed the offer's stop-loss since the offer was made, the order book can fill
 * the entry, the entry meets the pair's minimum order, and the offer's expected profit still
 * covers this entry's fees, slippage and spread. Each refusal names its figures.
 */
import { badRequest, conflict } from '../../http/errors';
import { bookSpreadPercent, estimateFill, type FillEstimate } from '../../providers/execution';
import type { OrderBook } from '../../providers/market/market-source';
import type { OfferForAccept } from '../offers/offers.service';
import { formatDollars } from '../../shared/money';
import {
  entryCost,
  entryOrderQuote,
  isPastStopLoss,
  midPrice,
  percent,
  price,
  stopLossPrice,
} from './trade-maths';
import type { TradablePair, TradingContext } from './trading-context';

/**
 * The offer's stop-loss against the current mid price and `range`, the stored minute candles'
 * extremes since the offer's entry (null when none). A family offer has no stop: it holds to its
 * expiration.
 */
export function checkStopLoss(
  offer: OfferForAccept,
  book: OrderBook,
  range: { low: number; high: number } | null,
): void {
  if (offer.stopLossPercent === null) return;
  const stop = stopLossPrice(offer.side, offer.entryPrice, offer.stopLossPercent);
  const current = midPrice(book);
  if (current === null) throw conflict(`No prices for ${offer.pair} right now`);
  if (isPastStopLoss(offer.side, stop, current))
    throw conflict(
      `Price has passed the offer's stop-loss: stop-loss ${price(stop)}, current price ${price(current)}`,
    );
  if (!range) return;
  const extreme = offer.side === 'buy' ? range.low : range.high;
  if (isPastStopLoss(offer.side, stop, extreme))
    throw conflict(
      `Price passed the offer's stop-loss since the offer was made: stop-loss ${price(stop)}, ` +
        `${offer.side === 'buy' ? 'low' : 'high'} ${price(extreme)}`,
    );
}

export interface EntryPlan {
  /** Quote the entry order spends (fill + fee ≤ the amount). */
  orderQuote: number;
  estimate: FillEstimate;
}

/** Fill, minimum order and net expected profit of this entry on the current book. */
export function planEntry(
  ctx: TradingContext,
  input: { offer: OfferForAccept; pair: TradablePair; amountCents: number; book: OrderBook },
): EntryPlan {
  const { offer, pair, amountCents, book } = input;
  const fee = ctx.takerFeePercent;
  const orderQuote = entryOrderQuote(amountCents, fee);
  const minimum = minimumEntryCents(pair, book, offer.side, fee);
  const belowMinimum = () =>
    badRequest(
      `Entry below the minimum order for ${offer.pair}: at least ${formatDollars(minimum?.cents ?? 1)}` +
        `${minimum?.detail ?? ''}, entry ${formatDollars(amountCents)}`,
    );
  if (orderQuote <= 0 || (minimum !== null && amountCents < minimum.cents)) throw belowMinimum();

  const estimate = estimateFill(book, offer.side, orderQuote);
  // The minimum was priced at the best level; a fill deeper in the book buys a little less.
  if (estimate.filledFully && pair.orderMin !== null && estimate.quantity < pair.orderMin)
    throw belowMinimum();
  if (!estimate.filledFully)
    throw badRequest(
      `Order book too thin for this entry: ${formatDollars(Math.floor(estimate.quoteAmount * 100))} of ` +
        `${offer.pair} on offer, entry ${formatDollars(amountCents)}`,
    );

  const cost = entryCost({
    expectedProfitPercent: offer.expectedProfitPercent,
    offerFeePercent: offer.feePercent,
    takerFeePercent: fee,
    entrySlippagePercent: estimate.slippagePercent,
    spreadPercent: bookSpreadPercent(book) ?? 0,
  });
  if (!(cost.net > 0)) {
    const spread = cost.spread >= 0.005 ? `, spread ${percent(cost.spread)}` : '';
    throw badRequest(
      `Expected profit after costs is not positive: expected ${percent(cost.expected)}, ` +
        `fees ${percent(cost.fees)}, slippage ${percent(cost.slippage)}${spread}, net ${percent(cost.net)}`,
    );
  }
  return { orderQuote, estimate };
}

/** The smallest entry (cents, fee included) the pair's exchange minimums allow, at the best price. */
function minimumEntryCents(
  pair: TradablePair,
  book: OrderBook,
  side: 'buy' | 'sell',
  takerFeePercent: number,
): { cents: number; detail: string } | null {
  const best = (side === 'buy' ? book.asks : book.bids)[0]?.[0];
  const byQuantity = pair.orderMin !== null && best !== undefined ? pair.orderMin * best : 0;
  const byCost = pair.costMin ?? 0;
  const quote = Math.max(byQuantity, byCost);
  if (quote <= 0) return null;
  const base = pair.symbol.split('/')[0] ?? '';
  const detail = byQuantity >= byCost ? ` (${pair.orderMin} ${base} at ${price(best!)})` : '';
  return { cents: Math.ceil(quote * (1 + takerFeePercent / 100) * 100), detail };
}
