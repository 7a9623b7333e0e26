/**
 * Kraken's trading REST calls through ccxt's raw endpoint methods: ccxt signs private requests
 * (API-Key / API-Sign), rate-limits and maps Kraken's `{"error":[...]}` bodies to exceptions; we
 * read Kraken's own `result` objects (transform.ts). Raw methods rather than createOrder /
 * fetchOrder: those first load every market (Assets + AssetPairs, ~1400 pairs) and then hide
 * Kraken's exact figures behind ccxt's parsing; the figures we need (vol_exec, cost, fee) are
 * Kraken's already.
 *
 * Every failure leaves here as an ExecutionError. Kraken's nonce must rise with every private
 * call of a key, in the order Kraken receives them: ccxt's default (milliseconds) repeats itself
 * for two calls in one millisecond, and two requests in flight at once can arrive swapped. So the
 * nonce is strictly increasing and private calls go one at a time. Two processes must not share
 * a key.
 */
import type { kraken as KrakenClient } from 'ccxt';
import type { KrakenAssetPair, KrakenDepthResult } from '../../market/kraken/transform';
import { ExecutionError } from '../executor';
import type { KrakenOrderInfo } from './transform';

export interface KrakenTradingApiOptions {
  apiKey: string;
  /** Base64, as Kraken issues it. */
  apiSecret: string;
  /** Origin of the REST API (ccxt appends /0/...); default Kraken's own. */
  baseUrl?: string;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
  /** ccxt's client-side rate limiter; default true. Off for loopback fakes. */
  rateLimit?: boolean;
}

/** The pair details an order needs (from AssetPairs). */
export type KrakenPairDetails = KrakenAssetPair & { lot_decimals?: number };

export interface AddOrderParams {
  pair: string;
  type: 'buy' | 'sell';
  ordertype: 'market';
  /** Base volume as Kraken's decimal string (at most the pair's lot_decimals). */
  volume: string;
  /** `fciq`: the fee in quote currency, so the fill's fee reads back in quote. */
  oflags: string;
  cl_ord_id: string;
  /**
   * RFC 3339: Kraken's matching engine refuses the order after this (2–60 s ahead), so an order
   * that is found nowhere once it has passed never traded.
   */
  deadline: string;
}

export interface KrakenTradingApi {
  assetPair(pair: string): Promise<KrakenPairDetails>;
  depth(pair: string, count: number): Promise<KrakenDepthResult>;
  /** Places the order; returns its txid. */
  addOrder(params: AddOrderParams): Promise<string>;
  queryOrder(txid: string): Promise<KrakenOrderInfo>;
  /**
   * The account's orders with this client id: those still open, and those closed since `start`
   * (epoch seconds). Each by txid.
   */
  ordersByClientId(
    clOrdId: string,
    start: number,
  ): Promise<{ open: Record<string, KrakenOrderInfo>; closed: Record<string, KrakenOrderInfo> }>;
  /** The dead-man switch: Kraken cancels every open order unless called again within `timeout` s (0 disarms). */
  cancelAllOrdersAfter(timeoutSeconds: number): Promise<void>;
  /** The account's holdings by Kraken asset name (decimal strings). */
  balance(): Promise<Record<string, string>>;
}

interface Envelope<T> {
  error?: string[];
  result?: T;
}

type CcxtModule = typeof import('ccxt');

export function createKrakenTradingApi(options: KrakenTradingApiOptions): KrakenTradingApi {
  let loaded: Promise<{ client: KrakenClient; ccxt: CcxtModule }> | undefined;
  const exchange = () =>
    (loaded ??= import('ccxt').then((ccxt) => {
      const api = options.baseUrl?.replace(/\/+$/, '');
      const client = new ccxt.kraken({
        apiKey: options.apiKey,
        secret: options.apiSecret,
        enableRateLimit: options.rateLimit ?? true,
        timeout: options.timeoutMs ?? 10_000,
        ...(api && { urls: { api: { public: api, private: api } } }),
      });
      let last = 0;
      client.nonce = () => (last = Math.max(Date.now(), last + 1));
      return { client, ccxt };
    }));

  /** The tail of the private calls' queue. */
  let privateQueue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(run: () => Promise<T>): Promise<T> => {
    const result = privateQueue.then(run, run);
    privateQueue = result.catch(() => undefined);
    return result;
  };

  /** Runs one call; any failure becomes an ExecutionError saying what was being done. */
  async function call<T>(
    what: string,
    run: (client: KrakenClient) => Promise<unknown>,
    kind: 'public' | 'private' | 'placing' = 'public',
  ) {
    const { client, ccxt } = await exchange();
    const placing = kind === 'placing';
    let body: unknown;
    try {
      body = await (kind === 'public' ? run(client) : oneAtATime(() => run(client)));
    } catch (error) {
      throw toExecutionError(what, error, ccxt, placing);
    }
    const envelope = body as Envelope<T> | undefined;
    if (envelope?.error?.length) throw refusal(what, envelope.error, placing);
    if (!envelope?.result || typeof envelope.result !== 'object')
      throw new ExecutionError(`Kraken answered ${what} without a result`, { outcomeUnknown: placing });
    return envelope.result;
  }

  return {
    async assetPair(pair) {
      const result = await call<Record<string, KrakenPairDetails>>(`describe ${pair}`, (c) =>
        c.publicGetAssetPairs({ pair }),
      );
      const [details] = Object.values(result);
      if (!details) throw new ExecutionError(`Kraken does not list ${pair}`);
      return details;
    },
    depth(pair, count) {
      return call<KrakenDepthResult>(`read the ${pair} order book`, (c) => c.publicGetDepth({ pair, count }));
    },
    async addOrder(params) {
      const result = await call<{ txid?: string[] }>(
        `place the ${params.type} of ${params.volume} ${params.pair}`,
        (c) => c.privatePostAddOrder({ ...params }),
        'placing',
      );
      const txid = result.txid?.[0];
      if (!txid)
        throw new ExecutionError('Kraken accepted the order without an order id', { outcomeUnknown: true });
      return txid;
    },
    async queryOrder(txid) {
      const result = await call<Record<string, KrakenOrderInfo>>(
        `read order ${txid}`,
        (c) => c.privatePostQueryOrders({ txid, trades: false }),
        'private',
      );
      const info = result[txid];
      if (!info) throw new ExecutionError(`Kraken does not know order ${txid}`);
      return info;
    },
    async ordersByClientId(clOrdId, start) {
      const open = await call<{ open?: Record<string, KrakenOrderInfo> }>(
        `list open orders of ${clOrdId}`,
        (c) => c.privatePostOpenOrders({ cl_ord_id: clOrdId }),
        'private',
      );
      const closed = await call<{ closed?: Record<string, KrakenOrderInfo> }>(
        `list closed orders of ${clOrdId}`,
        (c) => c.privatePostClosedOrders({ cl_ord_id: clOrdId, start }),
        'private',
      );
      return { open: open.open ?? {}, closed: closed.closed ?? {} };
    },
    async cancelAllOrdersAfter(timeout) {
      await call(
        `arm the dead-man switch (${timeout} s)`,
        (c) => c.privatePostCancelAllOrdersAfter({ timeout }),
        'private',
      );
    },
    balance() {
      return call<Record<string, string>>('read the balance', (c) => c.privatePostBalance(), 'private');
    },
  };
}

/**
 * Kraken's own error strings when it sent some (`kraken {"error":["EOrder:…"]}` in ccxt's
 * message): then the request certainly did nothing. A connection that was never made did nothing
 * either. Any other failure of a placing call (timeout, reset, a proxy's 5xx) leaves the order's
 * fate unknown.
 */
function toExecutionError(what: string, error: unknown, ccxt: CcxtModule, placing: boolean): ExecutionError {
  const text = error instanceof Error ? error.message : String(error);
  const krakenErrors = /\{"error":\s*(\[[^\]]*\])/.exec(text)?.[1];
  if (krakenErrors) {
    const errors = safeParse(krakenErrors);
    if (Array.isArray(errors) && errors.length > 0) return refusal(what, errors.map(String), placing, error);
  }
  if (error instanceof ccxt.NetworkError) {
    const neverConnected = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(text);
    const unknown = placing && !neverConnected;
    return new ExecutionError(
      `Kraken unreachable, could not ${what}${unknown ? ' (the order may have been placed: check the account)' : ''}: ${text}`,
      { cause: error, outcomeUnknown: unknown },
    );
  }
  return new ExecutionError(`Kraken: could not ${what}: ${text}`, { cause: error, outcomeUnknown: placing });
}

/** Kraken's rate-limit refusals (REST counter, trading counter, throttled service). */
const RATE_LIMITED = /Rate limit exceeded|Too many requests|Throttled/i;

/**
 * Kraken's service errors (its engine unavailable or busy, an internal error): Kraken does not
 * promise that an order sent then was not placed, so a placing call that meets one is unknown.
 */
const SERVICE_TROUBLE = /^(EService:(Unavailable|Busy|Timeout)|EGeneral:Internal error)/;

/** Kraken said no: nothing was done (except after a service error while placing). */
function refusal(what: string, errors: string[], placing: boolean, cause?: unknown): ExecutionError {
  const said = errors.join(', ');
  const rateLimited = errors.some((e) => RATE_LIMITED.test(e));
  if (placing && !rateLimited && errors.some((e) => SERVICE_TROUBLE.test(e)))
    return new ExecutionError(
      `Kraken could not confirm it would ${what} (${said}): the order may have been placed`,
      { cause, outcomeUnknown: true },
    );
  return new ExecutionError(
    rateLimited
      ? `Kraken is limiting this account's request rate (${said}); nothing was done, try again in a minute`
      : `Kraken refused to ${what}: ${said}`,
    { cause, rateLimited },
  );
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
