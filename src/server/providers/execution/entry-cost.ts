/**
 * What a market order of a given size costs beyond the quoted price: pure, from one order book.
 *
 * Filling (estimateFill, estimateFillByQuantity): a buy takes the asks, a sell the bids, best
 * first. Level i has price pᵢ and quantity qᵢ; the order takes min(qᵢ, what is left) from each
 * level until it is filled or the book runs out.
 *   quantity      Q = Σ takenᵢ                 (base)
 *   quoteAmount   C = Σ takenᵢ · pᵢ            (quote; the fee comes on top, see executor.ts)
 *   averagePrice  P̄ = C / Q
 *   slippage %    buy: (P̄ − p_best) / p_best · 100; sell: (p_best − P̄) / p_best · 100, ≥ 0
 *   worstPrice    the price of the last level the order touched
 *   filledFully   false when the book holds less than asked: the caller must refuse the order,
 *                 since the rest would fill at prices nobody has seen.
 * Slippage is measured from the best price on the order's own side, so it excludes the spread;
 * the spread is a separate term of the round trip.
 *
 * Round trip (roundTripCostPercent), in percent of the entry notional, first order:
 *   cost % = 2 · takerFee % + 2 · slippage % + spread %
 * Entering pays the taker fee and the entry slippage; exiting the same size is assumed to cost
 * the same slippage on the other side of the book (the exit book is not known in advance) and
 * pays the fee again; buying at the ask and selling at the bid crosses the spread once (0 when
 * the caller already measures profit from the entry fill). Products of two percentages are
 * left out: at fees and slippage below 1 % they are below 0.01 % of the notional.
 */
import type { OrderBook } from '../market/market-source';

export type OrderSide = 'buy' | 'sell';

export interface FillEstimate {
  /** Quote per base unit over the filled part; 0 when nothing could fill. */
  averagePrice: number;
  /** Base quantity filled. */
  quantity: number;
  /** Quote amount filled (before fees). */
  quoteAmount: number;
  /** Average price's distance from the best price, in percent, ≥ 0. */
  slippagePercent: number;
  filledFully: boolean;
  /** Price of the last level touched; 0 when nothing could fill. */
  worstPrice: number;
}

/** Fills `notionalQuote` of quote currency (e.g. 250 USD of BTC) from the book. */
export function estimateFill(book: OrderBook, side: OrderSide, notionalQuote: number): FillEstimate {
  requirePositive(notionalQuote, 'notionalQuote');
  return walk(book, side, { quote: notionalQuote });
}

/** Fills `quantity` of the base asset (e.g. selling 0.01 BTC to close a long) from the book. */
export function estimateFillByQuantity(book: OrderBook, side: OrderSide, quantity: number): FillEstimate {
  requirePositive(quantity, 'quantity');
  return walk(book, side, { base: quantity });
}

export interface RoundTripInput {
  /** Taker fee per side, in percent (0.26 = 0.26 %). */
  takerFeePercent: number;
  /** Entry slippage from estimateFill, in percent. */
  slippagePercent: number;
  /** Bid/ask spread in percent of the mid price (bookSpreadPercent); default 0. */
  spreadPercent?: number;
}

/** Percent of the entry notional lost to fees, slippage and spread over entry and exit. */
export function roundTripCostPercent({
  takerFeePercent,
  slippagePercent,
  spreadPercent = 0,
}: RoundTripInput): number {
  for (const [name, value] of Object.entries({ takerFeePercent, slippagePercent, spreadPercent }))
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number ≥ 0`);
  return 2 * takerFeePercent + 2 * slippagePercent + spreadPercent;
}

/** (best ask − best bid) / mid · 100; null for a book missing a side. */
export function bookSpreadPercent(book: OrderBook): number | null {
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid === undefined || ask === undefined) return null;
  return Math.max(0, ((ask - bid) / ((ask + bid) / 2)) * 100);
}

/** Below this, a remainder is floating-point dust, not an unfilled part. */
const DUST = 1e-9;

function walk(book: OrderBook, side: OrderSide, want: { quote: number } | { base: number }): FillEstimate {
  const levels = side === 'buy' ? book.asks : book.bids;
  const target = 'quote' in want ? want.quote : want.base;
  let quantity = 0;
  let quoteAmount = 0;
  let worstPrice = 0;
  for (const [price, available] of levels) {
    const left = target - ('quote' in want ? quoteAmount : quantity);
    if (left <= target * DUST) break;
    if (!(price > 0) || !(available > 0)) continue;
    const take = Math.min(available, 'quote' in want ? left / price : left);
    quantity += take;
    quoteAmount += take * price;
    worstPrice = price;
  }
  const filled = 'quote' in want ? quoteAmount : quantity;
  const best = levels.find(([price, available]) => price > 0 && available > 0)?.[0];
  const averagePrice = quantity > 0 ? quoteAmount / quantity : 0;
  const slippagePercent =
    best === undefined || quantity === 0
      ? 0
      : Math.max(0, ((side === 'buy' ? averagePrice - best : best - averagePrice) / best) * 100);
  return {
    averagePrice,
    quantity,
    quoteAmount,
    slippagePercent,
    filledFully: target - filled <= target * DUST,
    worstPrice,
  };
}

function requirePositive(value: number, name: string) {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a number above 0`);
}
