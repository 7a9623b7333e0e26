/**
 * `EXECUTION=kraken` with LIVE_TRADING=true: real market orders on Kraken.
 *
 * An order: the pair's lot decimals (AssetPairs, once per pair) → Kraken's own book (Depth) →
 * AddOrder → QueryOrders until the order is closed → Fill from Kraken's figures.
 * Sizes: Kraken market orders take a base volume. A sell sends its quantity. A quote-sized buy is
 * turned into a base volume by walking Kraken's current book for that amount (estimateFill),
 * rounded down to the pair's lot. Kraken's `viqc` (volume in quote) was not used: it is limited to
 * some order types and accounts, and its `vol` then reads in quote while `vol_exec` stays in base.
 * So the spent amount is what the book gives for that volume: the Fill's quoteAmount, which can
 * differ slightly from the asked amount when the book moves between the read and the fill.
 * A quote-sized buy the current book cannot fill is refused before anything is sent.
 */
import { toOrderBook } from '../../market/kraken/transform';
import { estimateFill } from '../entry-cost';
import {
  EXECUTION_BOOK_DEPTH,
  ExecutionError,
  orderSize,
  type Executor,
  type Fill,
  type MarketOrder,
} from '../executor';
import { createKrakenTradingApi, type KrakenTradingApi, type KrakenTradingApiOptions } from './api';
import { formatVolume, orderState, toFill } from './transform';

export interface KrakenExecutorOptions extends KrakenTradingApiOptions {
  /** Tries of QueryOrders while the order is still pending/open; default 20. */
  pollAttempts?: number;
  /** Wait between those tries; default 250 ms. */
  pollIntervalMs?: number;
  /** A ready api (tests); default one built from the options. */
  api?: KrakenTradingApi;
  clock?: () => number;
}

/** Kraken's cl_ord_id: a UUID (with or without dashes) or up to 18 printable ASCII characters. */
const CLIENT_ORDER_ID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}|[A-Za-z0-9_-]{1,18})$/i;

export function createKrakenExecutor(options: KrakenExecutorOptions): Executor {
  const api = options.api ?? createKrakenTradingApi(options);
  const clock = options.clock ?? Date.now;
  const attempts = options.pollAttempts ?? 20;
  const interval = options.pollIntervalMs ?? 250;
  const lotDecimals = new Map<string, Promise<number>>();

  const lotOf = (pair: string) => {
    let known = lotDecimals.get(pair);
    if (!known) {
      known = api.assetPair(pair).then((details) => details.lot_decimals ?? 8);
      // A failed lookup is not remembered: the next order asks again.
      known.catch(() => lotDecimals.delete(pair));
      lotDecimals.set(pair, known);
    }
    return known;
  };

  return {
    name: 'kraken',
    async marketOrder(order: MarketOrder): Promise<Fill> {
      const size = orderSize(order);
      if (!CLIENT_ORDER_ID.test(order.clientOrderId))
        throw new ExecutionError(
          `Kraken takes a client order id of at most 18 letters, digits, - or _ (or a UUID), not "${order.clientOrderId}"`,
        );
      const pair = order.exchangeSymbol;
      const [lot, depth] = await Promise.all([lotOf(pair), api.depth(pair, EXECUTION_BOOK_DEPTH)]);
      const book = toOrderBook(depth, order.symbol, clock());

      let quantity: number;
      if ('base' in size) quantity = size.base;
      else {
        const estimate = estimateFill(book, order.side, size.quote);
        if (!estimate.filledFully)
          throw new ExecutionError(
            `Order book too thin: Kraken's ${pair} book holds only ${estimate.quoteAmount.toFixed(2)} ` +
              `of the ${size.quote} asked`,
          );
        quantity = estimate.quantity;
      }
      const volume = formatVolume(quantity, lot);
      if (!(Number(volume) > 0))
        throw new ExecutionError(`Order too small: ${quantity} ${order.symbol} rounds to nothing`);

      const txid = await api.addOrder({
        pair,
        type: order.side,
        ordertype: 'market',
        volume,
        oflags: 'fciq',
        cl_ord_id: order.clientOrderId,
      });

      for (let attempt = 1; ; attempt++) {
        const info = await api.queryOrder(txid);
        const state = orderState(info);
        if (state === 'filled') return toFill(txid, info, order.side, book, clock());
        if (state === 'empty')
          throw new ExecutionError(
            `Kraken ${info.status} order ${txid} without filling it${info.reason ? `: ${info.reason}` : ''}`,
          );
        if (attempt >= attempts)
          throw new ExecutionError(`Kraken order ${txid} still ${info.status} after ${attempts} checks`, {
            outcomeUnknown: true,
          });
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
    },
  };
}
