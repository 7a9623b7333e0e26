/**
 * Kraken's order record (QueryOrders) → the port's Fill. Pure. Kraken states amounts as decimal
 * strings: `vol_exec` (base filled), `cost` (quote filled, before the fee), `fee` (quote, with
 * oflags `fciq`), `price` (average price). The average is taken as cost / vol_exec, which is what
 * `price` rounds, so price × quantity = quoteAmount holds exactly.
 */
import type { OrderBook } from '../../market/market-source';
import type { OrderSide } from '../entry-cost';
import { ExecutionError, type Fill } from '../executor';

export interface KrakenOrderInfo {
  status: 'pending' | 'open' | 'closed' | 'canceled' | 'expired';
  reason?: string | null;
  opentm?: number;
  /** Seconds, fractional. */
  closetm?: number;
  vol: string;
  vol_exec: string;
  cost: string;
  fee: string;
  price: string;
  cl_ord_id?: string;
  descr?: { pair?: string; type?: string; ordertype?: string; order?: string };
}

/** Where the order stands: still working, done (whole or in part) or ended with nothing filled. */
export type OrderState = 'working' | 'filled' | 'empty';

export function orderState(info: KrakenOrderInfo): OrderState {
  if (info.status === 'pending' || info.status === 'open') return 'working';
  return decimal(info.vol_exec, 'vol_exec') > 0 ? 'filled' : 'empty';
}

/**
 * The fill of a closed order (or the filled part of one Kraken cancelled). Slippage is measured
 * against the best price of `book`, read just before the order went in.
 */
export function toFill(
  txid: string,
  info: KrakenOrderInfo,
  side: OrderSide,
  book: OrderBook,
  fallbackTime: number,
): Fill {
  const quantity = decimal(info.vol_exec, 'vol_exec');
  const quoteAmount = decimal(info.cost, 'cost');
  const feeQuote = decimal(info.fee, 'fee');
  if (!(quantity > 0)) throw new ExecutionError(`Kraken order ${txid} filled nothing`);
  const averagePrice = quoteAmount > 0 ? quoteAmount / quantity : decimal(info.price, 'price');
  const best = side === 'buy' ? book.asks[0]?.[0] : book.bids[0]?.[0];
  const slippagePercent =
    best === undefined
      ? 0
      : Math.max(0, ((side === 'buy' ? averagePrice - best : best - averagePrice) / best) * 100);
  return {
    orderId: txid,
    averagePrice,
    quantity,
    quoteAmount,
    feeQuote,
    slippagePercent,
    filledAt: info.closetm ? Math.round(info.closetm * 1000) : fallbackTime,
  };
}

/** A base volume as Kraken takes it: rounded down to the pair's lot decimals, no exponent. */
export function formatVolume(quantity: number, lotDecimals: number): string {
  const scale = 10 ** lotDecimals;
  // The tiny nudge keeps 0.29 (0.28999999999999998 in binary) from losing its last unit.
  const units = Math.floor(quantity * scale + 1e-6);
  return (units / scale).toFixed(lotDecimals);
}

function decimal(text: string | undefined, field: string): number {
  const value = Number(text);
  if (text === undefined || text === '' || !Number.isFinite(value) || value < 0)
    throw new ExecutionError(`Kraken order: ${field} is not a number (${String(text)})`);
  return value;
}
