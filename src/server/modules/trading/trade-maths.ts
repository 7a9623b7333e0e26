/**
 * The arithmetic of a trade, pure. Amounts: the ledger's `amountCents` is what the trader put in
 * (moved into positions); fills and fees are quote-currency numbers from the executor.
 *
 * Sizing: the entry order spends `amount / (1 + fee)` so that the fill plus its fee (charged on top,
 * executor.ts) stays within the amount.
 *
 * Profit, net of both fees, against the amount put in:
 *   long  (buy, then sell Q):  p = (exitQuote − exitFee) − (entryQuote + entryFee)
 *   short (sell, then buy Q):  p = (entryQuote − entryFee) − (exitQuote + exitFee)   (paper only)
 *   profit % = p / amount · 100
 * A long returns the amount minus what the entry cost plus the exit's proceeds; what the entry did
 * not spend comes back with it. A short's loss is capped at its margin (the amount): beyond that the
 * position would have been liquidated, and an account can never go below zero.
 */
import type { OrderSide } from '../../db/schema/enums';

export const oppositeSide = (side: OrderSide): OrderSide => (side === 'buy' ? 'sell' : 'buy');

/** Quote spent by the entry order so that fill + taker fee ≤ amount (whole cents, rounded down). */
export function entryOrderQuote(amountCents: number, takerFeePercent: number): number {
  return Math.floor(amountCents / (1 + takerFeePercent / 100)) / 100;
}

/** The offer's stop-loss as a price: below the entry for a buy, above it for a sell. */
export function stopLossPrice(side: OrderSide, entryPrice: number, stopLossPercent: number): number {
  return side === 'buy' ? entryPrice * (1 - stopLossPercent / 100) : entryPrice * (1 + stopLossPercent / 100);
}

/** True when `price` is at or beyond the stop-loss (for a buy: at or below it). */
export function isPastStopLoss(side: OrderSide, stopLoss: number, price: number): boolean {
  return side === 'buy' ? price <= stopLoss : price >= stopLoss;
}

export interface EntryCostInput {
  /** The offer's expected profit, net of the round-trip fee it assumed (`offerFeePercent`). */
  expectedProfitPercent: number;
  offerFeePercent: number;
  takerFeePercent: number;
  /** This entry's slippage from the current book; the exit is assumed to slip as much. */
  entrySlippagePercent: number;
  /** Bid/ask spread, crossed once over entry and exit (the offer priced at the last trade). */
  spreadPercent: number;
}

export interface EntryCost {
  /** The offer's expected profit before fees. */
  expected: number;
  fees: number;
  slippage: number;
  spread: number;
  net: number;
}

/**
 * Net expected profit of this entry. The offer's expected profit already deducts the round-trip
 * fee it assumed, so that fee is added back once and this entry's own costs are deducted instead.
 */
export function entryCost(input: EntryCostInput): EntryCost {
  const expected = input.expectedProfitPercent + input.offerFeePercent;
  const fees = 2 * input.takerFeePercent;
  const slippage = 2 * input.entrySlippagePercent;
  const spread = input.spreadPercent;
  return { expected, fees, slippage, spread, net: expected - fees - slippage - spread };
}

export interface FillAmounts {
  /** Quote value filled (average price × quantity), before the fee. */
  quote: number;
  fee: number;
}

export interface Profit {
  profitCents: number;
  profitPercent: number;
}

/** Realised (or, with an estimated exit, unrealised) profit of a trade; see the header. */
export function profitOf(input: {
  side: OrderSide;
  amountCents: number;
  entry: FillAmounts;
  exit: FillAmounts;
}): Profit {
  const { side, amountCents, entry, exit } = input;
  const gross =
    side === 'buy'
      ? exit.quote - exit.fee - (entry.quote + entry.fee)
      : entry.quote - entry.fee - (exit.quote + exit.fee);
  const profitCents = Math.max(-amountCents, Math.round(gross * 100));
  return { profitCents, profitPercent: (profitCents / amountCents) * 100 };
}

/** Mid price of a book; null when a side is empty. */
export function midPrice(book: { bids: [number, number][]; asks: [number, number][] }): number | null {
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid === undefined || ask === undefined) return bid ?? ask ?? null;
  return (bid + ask) / 2;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** Dollars from cents for messages: `$1234.50`. */

/** A percentage for messages: `0.42%`, `-0.13%`. */
export const percent = (value: number) => `${value.toFixed(2).replace(/^-(0\.00)$/, '$1')}%`;

/** A price for messages, with as many decimals as small prices need. */
export function price(value: number): string {
  const decimals = value >= 100 ? 2 : value >= 1 ? 4 : 8;
  return value.toFixed(decimals);
}
