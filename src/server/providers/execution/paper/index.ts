/**
 * `EXECUTION=paper` (the default): every order fills against the market source's current order
 * book (simulated, replay or Kraken's public book), walked level by level as entry-cost.ts
 * describes, with the configured taker fee on the filled amount. Nothing is sent anywhere. An
 * order the book cannot fill whole is refused, as the accept flow refuses it beforehand.
 */
import { estimateFill, estimateFillByQuantity } from '../entry-cost';
import {
  EXECUTION_BOOK_DEPTH,
  ExecutionError,
  orderSize,
  type Executor,
  type Fill,
  type MarketOrder,
} from '../executor';
import type { MarketSource } from '../../market/market-source';

export interface PaperExecutorOptions {
  source: MarketSource;
  /** Taker fee per fill, in percent (TAKER_FEE_PERCENT, 0.26 by default). */
  takerFeePercent: number;
  /** Book levels to walk; default EXECUTION_BOOK_DEPTH (100: ≈ $38k on the thinnest simulated pair). */
  depth?: number;
}

export function createPaperExecutor({
  source,
  takerFeePercent,
  depth = EXECUTION_BOOK_DEPTH,
}: PaperExecutorOptions): Executor {
  if (!Number.isFinite(takerFeePercent) || takerFeePercent < 0)
    throw new Error(`paper executor: takerFeePercent must be ≥ 0 (got ${takerFeePercent})`);

  return {
    name: 'paper',
    async marketOrder(order: MarketOrder): Promise<Fill> {
      const size = orderSize(order);
      let book;
      try {
        book = await source.fetchOrderBook(order.symbol, depth);
      } catch (error) {
        throw new ExecutionError(`No order book for ${order.symbol}: ${message(error)}`, { cause: error });
      }
      const fill =
        'quote' in size
          ? estimateFill(book, order.side, size.quote)
          : estimateFillByQuantity(book, order.side, size.base);
      if (!fill.filledFully) {
        const asked = 'quote' in size ? `${size.quote} quote` : `${size.base} base`;
        throw new ExecutionError(
          `Order book too thin: a ${order.side} of ${asked} on ${order.symbol} fills only ` +
            `${fill.quantity} base for ${fill.quoteAmount.toFixed(2)} quote`,
        );
      }
      return {
        orderId: `paper-${order.clientOrderId}`,
        averagePrice: fill.averagePrice,
        quantity: fill.quantity,
        quoteAmount: fill.quoteAmount,
        feeQuote: (fill.quoteAmount * takerFeePercent) / 100,
        slippagePercent: fill.slippagePercent,
        filledAt: source.now(),
      };
    },
    // A paper order fills inside the call that sent it: one whose answer was lost (its process
    // stopped) never traded anywhere.
    async lookupOrder() {
      return { state: 'absent', reason: 'a paper order that did not answer never filled' };
    },
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
