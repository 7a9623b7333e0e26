/**
 * Where orders go. Two implementations sit behind this port, side by side: `paper` (default;
 * fills against the market source's order book, nothing leaves the process) and `kraken` (real
 * market orders with API keys, only with LIVE_TRADING=true). Neither knows about the other: there
 * is no dry-run switch inside the exchange code.
 *
 * Amounts: quantities are base units, amounts quote units (USD for our pairs), both plain numbers
 * here; the trading module turns them into cents and NUMERIC strings at its edge.
 * Fees are on top of the fill: a buy costs `quoteAmount + feeQuote`, a sell brings in
 * `quoteAmount − feeQuote`.
 */
import type { OrderSide } from './entry-cost';

/**
 * Order book levels the executors walk. A cost estimate made before an order should read the
 * same depth (`source.fetchOrderBook(symbol, EXECUTION_BOOK_DEPTH)`) to agree with the fill.
 */
export const EXECUTION_BOOK_DEPTH = 100;

export interface MarketOrder {
  /** Our symbol, e.g. BTC/USD. */
  symbol: string;
  /** The exchange's, e.g. XBTUSD (crypto_pairs.kraken_symbol). */
  exchangeSymbol: string;
  side: OrderSide;
  /** Size in quote currency (e.g. a buy of 250 USD). Exactly one of quoteAmount and quantity. */
  quoteAmount?: number;
  /** Size in base currency (e.g. selling the 0.0021 BTC a long holds). */
  quantity?: number;
  /**
   * The caller's id for this order, unique per order (e.g. `t123-open`). Kraken accepts a UUID or
   * up to 18 ASCII letters, digits and `-_`; the kraken executor refuses anything else unsent.
   */
  clientOrderId: string;
}

export interface Fill {
  /** The exchange's order id (Kraken txid), or `paper-<clientOrderId>`. */
  orderId: string;
  /** Quote per base unit over the whole fill. */
  averagePrice: number;
  /** Base quantity filled. For a quote-sized order it follows from the price; see quoteAmount. */
  quantity: number;
  /** Quote value filled, before the fee. May differ a little from a quote-sized order's ask. */
  quoteAmount: number;
  /** Taker fee charged, in quote currency. */
  feeQuote: number;
  /** Average price's distance from the best price when the order went in, percent, ≥ 0. */
  slippagePercent: number;
  /** Epoch ms: the market source's clock (paper) or the exchange's close time (kraken). */
  filledAt: number;
}

/** What the exchange says of an order sent earlier whose outcome was not known. */
export type OrderLookup =
  /** It traded (in whole or in part): the fill as the exchange reports it. */
  | { state: 'filled'; fill: Fill }
  /** It certainly did not trade: closed with nothing filled, or found nowhere after its deadline. */
  | { state: 'absent'; reason: string }
  /** Not known yet (still working, still within its deadline, or the exchange did not answer). */
  | { state: 'pending'; reason: string };

export interface OrderQuery {
  symbol: string;
  exchangeSymbol: string;
  side: OrderSide;
  clientOrderId: string;
  /** Epoch ms: the order was sent after this (nothing with its id exists before). */
  sentAt: number;
  /** Epoch ms: the order had been sent by then (its answer was lost then, or later found missing). */
  lostAt: number;
}

/** A live executor's account on the exchange, for reconciliation. Names are the exchange's (XXBT, ZUSD). */
export interface ExchangeAccount {
  /** Every asset the account holds, in its own units. */
  balances(): Promise<Record<string, number>>;
  /** The base and quote asset names of a pair (e.g. XBTUSD → XXBT, ZUSD). */
  assetsOf(exchangeSymbol: string): Promise<{ base: string; quote: string }>;
}

export interface Executor {
  readonly name: 'paper' | 'kraken';
  /** Live executors only: the account whose holdings must match the books. */
  readonly account?: ExchangeAccount;
  /**
   * Fills the order at market or throws ExecutionError; never returns a partial success silently
   * (a partial fill is a Fill of what traded).
   */
  marketOrder(order: MarketOrder): Promise<Fill>;
  /** Looks an order up by its client id; never guesses: 'pending' until the exchange tells. */
  lookupOrder(query: OrderQuery): Promise<OrderLookup>;
  close?(): Promise<void>;
}

/**
 * The order was refused or could not be placed: the message says why in plain words (and
 * carries the exchange's own error, e.g. `EOrder:Insufficient funds`).
 */
export class ExecutionError extends Error {
  /**
   * True only when the order may have reached the exchange anyway (a request that timed out or
   * lost its connection after sending): nothing can be assumed until `lookupOrder` tells. False
   * when it certainly did not trade.
   */
  readonly outcomeUnknown: boolean;
  /** The exchange refused for its rate limit: nothing happened, and asking again later may work. */
  readonly rateLimited: boolean;

  constructor(
    message: string,
    options: { cause?: unknown; outcomeUnknown?: boolean; rateLimited?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ExecutionError';
    this.outcomeUnknown = options.outcomeUnknown ?? false;
    this.rateLimited = options.rateLimited ?? false;
  }
}

/** The one size an order carries, checked: exactly one positive finite amount. */
export function orderSize(order: MarketOrder): { quote: number } | { base: number } {
  const { quoteAmount, quantity } = order;
  if ((quoteAmount === undefined) === (quantity === undefined))
    throw new ExecutionError('An order needs exactly one size: quoteAmount or quantity');
  const value = (quoteAmount ?? quantity) as number;
  if (!Number.isFinite(value) || value <= 0)
    throw new ExecutionError(`Order size must be a number above 0 (got ${value})`);
  if (!order.clientOrderId) throw new ExecutionError('An order needs a clientOrderId');
  return quoteAmount !== undefined ? { quote: value } : { base: value };
}
