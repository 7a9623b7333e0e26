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

export interface Executor {
  readonly name: 'paper' | 'kraken';
  /** Fills the order at market or throws ExecutionError; never returns a partial success silently. */
  marketOrder(order: MarketOrder): Promise<Fill>;
  close?(): Promise<void>;
}

/**
 * The order was refused or could not be placed: the message says why in plain words (and
 * carries the exchange's own error, e.g. `EOrder:Insufficient funds`).
 */
export class ExecutionError extends Error {
  /**
   * True only when the order may have reached the exchange anyway (a request that timed out or
   * lost its connection after sending): nothing can be assumed about funds until an operator
   * checks. False when it certainly did not trade.
   */
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: { cause?: unknown; outcomeUnknown?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ExecutionError';
    this.outcomeUnknown = options.outcomeUnknown ?? false;
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
