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
 *
 * Never guessing: every order carries the caller's client id and a `deadline` (ORDER_DEADLINE_MS
 * ahead) after which Kraken's matching engine refuses it. An answer that is lost once the order
 * may have been placed (a timeout, a cut connection, a failed status check) is an ExecutionError
 * with `outcomeUnknown`; `lookupOrder` then finds the order by its client id among the open and
 * closed orders, and only calls it absent when it is nowhere after its deadline has passed.
 * While orders are in flight, Kraken's dead-man switch (CancelAllOrdersAfter) is armed, so that
 * if this process dies nothing of ours stays working on the book for more than a minute; it is
 * disarmed when the last order is done, as it would otherwise cancel the account's other orders.
 * Rate limits: ccxt paces requests; a rate-limit refusal is an error that says nothing was done,
 * and status checks back off on it.
 */
import { toOrderBook } from '../../market/kraken/transform';
import { estimateFill } from '../entry-cost';
import type { OrderBook } from '../../market/market-source';
import {
  EXECUTION_BOOK_DEPTH,
  ExecutionError,
  orderSize,
  type Executor,
  type Fill,
  type MarketOrder,
  type OrderLookup,
  type OrderQuery,
} from '../executor';
import {
  createKrakenTradingApi,
  type KrakenPairDetails,
  type KrakenTradingApi,
  type KrakenTradingApiOptions,
} from './api';
import { formatVolume, orderState, toFill } from './transform';

export interface KrakenExecutorOptions extends KrakenTradingApiOptions {
  /** Tries of QueryOrders while the order is still pending/open; default 20. */
  pollAttempts?: number;
  /** Wait between those tries; default 250 ms (doubled, up to 5 s, after a rate-limit refusal). */
  pollIntervalMs?: number;
  /** A ready api (tests); default one built from the options. */
  api?: KrakenTradingApi;
  clock?: () => number;
}

/** How long Kraken may take to accept an order before its matching engine must refuse it. */
export const ORDER_DEADLINE_MS = 30_000;
/** Past the deadline, how long an order may still take to show among the closed orders. */
export const LOOKUP_MARGIN_MS = 60_000;
/** The dead-man switch's timeout, and how often it is renewed while orders are in flight. */
const DEAD_MAN_SECONDS = 60;
const DEAD_MAN_RENEW_MS = 20_000;

/** Kraken's cl_ord_id: a UUID (with or without dashes) or up to 18 printable ASCII characters. */
const CLIENT_ORDER_ID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}|[A-Za-z0-9_-]{1,18})$/i;

const NO_BOOK: OrderBook = { symbol: '', bids: [], asks: [], timestamp: 0 };

export function createKrakenExecutor(options: KrakenExecutorOptions): Executor {
  const api = options.api ?? createKrakenTradingApi(options);
  const clock = options.clock ?? Date.now;
  const attempts = options.pollAttempts ?? 20;
  const interval = options.pollIntervalMs ?? 250;
  const pairDetails = new Map<string, Promise<KrakenPairDetails>>();
  const deadMan = createDeadManSwitch(api);

  /** AssetPairs once per pair; a failed lookup is not remembered: the next order asks again. */
  const detailsOf = (pair: string) => {
    let known = pairDetails.get(pair);
    if (!known) {
      known = api.assetPair(pair);
      known.catch(() => pairDetails.delete(pair));
      pairDetails.set(pair, known);
    }
    return known;
  };
  const lotOf = async (pair: string) => (await detailsOf(pair)).lot_decimals ?? 8;

  /** The order's state until it is done; a check that fails after placing leaves it unknown. */
  async function awaitClose(txid: string, order: MarketOrder, book: OrderBook): Promise<Fill> {
    let wait = interval;
    for (let attempt = 1; ; attempt++) {
      let why: string;
      try {
        const info = await api.queryOrder(txid);
        const state = orderState(info);
        if (state === 'filled') return toFill(txid, info, order.side, book, clock());
        if (state === 'empty')
          throw new ExecutionError(
            `Kraken ${info.status} order ${txid} without filling it${info.reason ? `: ${info.reason}` : ''}`,
          );
        why = `still ${info.status}`;
        wait = interval;
      } catch (error) {
        if (error instanceof ExecutionError && /without filling it/.test(error.message)) throw error;
        why = error instanceof Error ? error.message : String(error);
        if (error instanceof ExecutionError && error.rateLimited) wait = Math.min(wait * 2, 5_000);
      }
      if (attempt >= attempts)
        throw new ExecutionError(
          `Kraken order ${txid} placed, its outcome not known after ${attempts} checks (${why})`,
          {
            outcomeUnknown: true,
          },
        );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

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

      return deadMan.during(async () => {
        const txid = await api.addOrder({
          pair,
          type: order.side,
          ordertype: 'market',
          volume,
          oflags: 'fciq',
          cl_ord_id: order.clientOrderId,
          deadline: new Date(clock() + ORDER_DEADLINE_MS).toISOString(),
        });
        return awaitClose(txid, order, book);
      });
    },

    async lookupOrder(query: OrderQuery): Promise<OrderLookup> {
      let found;
      try {
        // Kraken's `start` is exclusive and in seconds; a minute's slack covers clock skew.
        found = await api.ordersByClientId(query.clientOrderId, Math.floor(query.sentAt / 1000) - 60);
      } catch (error) {
        return { state: 'pending', reason: error instanceof Error ? error.message : String(error) };
      }
      if (Object.keys(found.open).length > 0)
        return { state: 'pending', reason: 'the order is still working on the exchange' };
      const closed = Object.entries(found.closed);
      const filled = closed.find(([, info]) => orderState(info) === 'filled');
      if (filled)
        return { state: 'filled', fill: toFill(filled[0], filled[1], query.side, NO_BOOK, clock()) };
      if (closed.length > 0)
        return { state: 'absent', reason: `Kraken ${closed[0]![1].status} it without filling it` };
      if (clock() > query.lostAt + ORDER_DEADLINE_MS + LOOKUP_MARGIN_MS)
        return { state: 'absent', reason: 'Kraken never received it (not found after its deadline)' };
      return { state: 'pending', reason: 'not found yet; its deadline has not passed' };
    },

    account: {
      async balances() {
        const held = await api.balance();
        return Object.fromEntries(Object.entries(held).map(([asset, amount]) => [asset, Number(amount)]));
      },
      async assetsOf(exchangeSymbol) {
        const { base, quote } = await detailsOf(exchangeSymbol);
        return { base, quote };
      },
    },

    close: () => deadMan.stop(),
  };
}

/**
 * Kraken's dead-man switch around orders in flight: armed before the first, renewed while any is
 * working, disarmed after the last. An order is not sent unless the switch is armed.
 */
function createDeadManSwitch(api: KrakenTradingApi) {
  let inFlight = 0;
  let armed: Promise<void> | null = null;
  let renew: NodeJS.Timeout | undefined;

  const disarm = async () => {
    clearInterval(renew);
    renew = undefined;
    armed = null;
    await api.cancelAllOrdersAfter(0).catch(() => undefined);
  };

  return {
    async during<T>(run: () => Promise<T>): Promise<T> {
      inFlight += 1;
      try {
        if (!armed) {
          const arming = api.cancelAllOrdersAfter(DEAD_MAN_SECONDS);
          armed = arming;
          arming.catch(() => {
            if (armed === arming) armed = null;
          });
          renew ??= setInterval(() => {
            api.cancelAllOrdersAfter(DEAD_MAN_SECONDS).catch(() => undefined);
          }, DEAD_MAN_RENEW_MS).unref();
        }
        await armed;
        return await run();
      } finally {
        inFlight -= 1;
        if (inFlight === 0) await disarm();
      }
    },
    /** On shutdown an armed switch is left to expire: it then cancels whatever was left working. */
    stop: async () => clearInterval(renew),
  };
}
