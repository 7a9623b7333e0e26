/**
 * The private half of the fake Kraken (POST /0/private/<Method>): one account, authenticated the
 * way Kraken defines it, trading market orders against the recorded Depth book.
 *
 * Authentication, in Kraken's order (docs.kraken.com, "Spot REST Authentication"):
 * - `API-Key` must be the account's key, else `EAPI:Invalid key`;
 * - `API-Sign` must be base64(HMAC-SHA512(base64-decoded secret, URI path + SHA256(nonce +
 *   POST body))), else `EAPI:Invalid signature`;
 * - the body's `nonce` must exceed every nonce this key used before, else `EAPI:Invalid nonce`
 *   (a refused signature does not use up its nonce).
 *
 * Methods:
 * - AddOrder (pair, type buy|sell, ordertype market, volume in base, oflags, cl_ord_id): checks
 *   the volume against the pair's `lot_decimals` and `ordermin`, the cost against `costmin`,
 *   fills at once down the recorded book (asks for a buy, bids for a sell) with the pair's
 *   first-tier taker fee (0.4 %) in quote currency, and answers `{txid:[...], descr:{order}}`.
 *   The recording holds 5 levels a side; what they cannot fill is cancelled (this fake's own
 *   rule: status `canceled`, reason `Insufficient liquidity`, the filled part kept). Only market
 *   orders in base volume are taken (`viqc` is refused as not supported here).
 *   `deadline` (RFC 3339, 2–60 s ahead as Kraken bounds it) is checked: a request arriving after
 *   it is refused `EOrder:Deadline elapsed` and places nothing. The account's balances pay for
 *   it: a buy needs cost + fee in the quote asset, a sell the volume in the base asset, else
 *   `EOrder:Insufficient funds`.
 * - QueryOrders (txid, comma list): the orders as Kraken describes them (`status`, `vol`,
 *   `vol_exec`, `cost`, `fee`, `price` = average, `opentm`, `closetm`, `descr`, `cl_ord_id`).
 * - OpenOrders / ClosedOrders, filtered by `cl_ord_id` (and ClosedOrders by `start`, seconds):
 *   `{open: {...}}` / `{closed: {...}, count}`. Market orders here close at once, so OpenOrders
 *   holds only what a test parks there (`holdOpen`).
 * - Balance: the account's assets as Kraken names them (`ZUSD`, `XXBT`), decimal strings; it
 *   opens with 1,000,000 ZUSD and 10 XXBT unless told otherwise.
 * - CancelAllOrdersAfter (timeout, seconds; 0 disarms): the dead-man switch, recorded as
 *   `deadManUntil` (ms) for tests to read.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface FakeKrakenCredentials {
  apiKey: string;
  /** Base64, as Kraken issues API secrets. */
  apiSecret: string;
}

/** Test credentials the fake accepts unless told others (the secret is 64 random-looking bytes). */
export const FAKE_KRAKEN_CREDENTIALS: FakeKrakenCredentials = {
  apiKey: 'HeatSignalFakeKrakenKey0000000000000000000000000000000000',
  apiSecret: Buffer.from(createHash('sha512').update('heatsignal fake kraken secret').digest()).toString(
    'base64',
  ),
};

type Json = Record<string, unknown>;
type BookLevel = [string, string, number];

export interface FakeKrakenOrder {
  txid: string;
  clOrdId?: string;
  pair: string;
  type: 'buy' | 'sell';
  volume: number;
  volExec: number;
  cost: number;
  fee: number;
  status: 'open' | 'closed' | 'canceled';
  reason: string | null;
  oflags: string;
  opentm: number;
  closetm: number;
}

export interface FakeKrakenPrivateDeps {
  credentials: FakeKrakenCredentials;
  /** Pair key → raw AssetPairs entry. */
  pairs: () => Json;
  resolvePair: (name: string | undefined) => string | undefined;
  /** The recorded book (raw levels, best first). */
  book: () => { asks: BookLevel[]; bids: BookLevel[] };
  /** Overrides the pairs' own fee schedule (percent). */
  takerFeePercent?: number;
  /** The account's opening balances by Kraken asset name; default 1,000,000 ZUSD and 10 XXBT. */
  balances?: Record<string, number>;
  now?: () => number;
}

export interface PrivateRequest {
  /** URI path, e.g. /0/private/AddOrder (what the signature covers). */
  path: string;
  endpoint: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PrivateReply {
  status: number;
  body: unknown;
}

const CL_ORD_ID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}|[\x21-\x7e]{1,18})$/i;

export function createFakeKrakenPrivate(deps: FakeKrakenPrivateDeps) {
  const now = deps.now ?? Date.now;
  const secret = Buffer.from(deps.credentials.apiSecret, 'base64');
  const orders = new Map<string, FakeKrakenOrder>();
  const balances = new Map<string, number>(Object.entries(deps.balances ?? { ZUSD: 1_000_000, XXBT: 10 }));
  const behaviour = { holdOpen: false, fillFraction: 1, deadManUntil: 0 };
  let lastNonce = -1n;
  let sequence = 0;
  const holding = (asset: string) => balances.get(asset) ?? 0;
  const move = (asset: string, by: number) => balances.set(asset, holding(asset) + by);

  const ok = (result: unknown): PrivateReply => ({ status: 200, body: { error: [], result } });
  const fail = (error: string): PrivateReply => ({ status: 200, body: { error: [error] } });

  function authenticate(request: PrivateRequest, params: Record<string, string>): string | undefined {
    if (request.headers['api-key'] !== deps.credentials.apiKey) return 'EAPI:Invalid key';
    const nonce = params.nonce ?? '';
    const expected = createHmac('sha512', secret)
      .update(request.path)
      .update(
        createHash('sha256')
          .update(nonce + request.body)
          .digest(),
      )
      .digest();
    const given = Buffer.from(String(request.headers['api-sign'] ?? ''), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return 'EAPI:Invalid signature';
    if (!/^\d{1,20}$/.test(nonce) || BigInt(nonce) <= lastNonce) return 'EAPI:Invalid nonce';
    lastNonce = BigInt(nonce);
    return undefined;
  }

  function addOrder(params: Record<string, string>): PrivateReply {
    const key = deps.resolvePair(params.pair);
    if (!key) return fail('EQuery:Unknown asset pair');
    const pair = deps.pairs()[key] as Json;
    const type = params.type;
    if (type !== 'buy' && type !== 'sell') return fail('EGeneral:Invalid arguments:type');
    if (params.ordertype !== 'market') return fail('EGeneral:Invalid arguments:ordertype');
    const oflags = params.oflags ?? '';
    if (oflags.split(',').includes('viqc')) return fail('EGeneral:Invalid arguments:viqc');
    if (params.cl_ord_id !== undefined && !CL_ORD_ID.test(params.cl_ord_id))
      return fail('EGeneral:Invalid arguments:cl_ord_id');
    const lotDecimals = Number(pair.lot_decimals ?? 8);
    const volumeText = params.volume ?? '';
    const decimals = volumeText.split('.')[1]?.length ?? 0;
    const volume = Number(volumeText);
    if (!/^\d+(\.\d+)?$/.test(volumeText) || !(volume > 0) || decimals > lotDecimals)
      return fail('EGeneral:Invalid arguments:volume');
    if (volume < Number(pair.ordermin ?? 0)) return fail('EOrder:Order minimum not met');
    if (params.deadline !== undefined) {
      const deadline = Date.parse(params.deadline);
      const ahead = deadline - now();
      if (!Number.isFinite(deadline) || ahead > 60_000) return fail('EGeneral:Invalid arguments:deadline');
      if (ahead <= 0) return fail('EOrder:Deadline elapsed');
    }

    const levels = type === 'buy' ? deps.book().asks : deps.book().bids;
    // fillFraction < 1 plays a market that fills only part of the order before it closes.
    const lot = 10 ** lotDecimals;
    const wanted = Math.floor(volume * behaviour.fillFraction * lot + 1e-6) / lot;
    let volExec = 0;
    let cost = 0;
    for (const [price, available] of levels) {
      const take = Math.min(Number(available), wanted - volExec);
      if (take <= 0) break;
      volExec += take;
      cost += take * Number(price);
    }
    if (cost < Number(pair.costmin ?? 0)) return fail('EOrder:Cost minimum not met');
    const feePercent = deps.takerFeePercent ?? firstTierFee(pair);
    // The account moves by the amounts Kraken states (to the pair's cost decimals).
    const cents = 10 ** Number(pair.cost_decimals ?? 5);
    cost = Math.round(cost * cents) / cents;
    const fee = Math.round(((cost * feePercent) / 100) * cents) / cents;
    const [base, quote] = [String(pair.base), String(pair.quote)];
    if (type === 'buy' ? holding(quote) < cost + fee : holding(base) < volExec)
      return fail('EOrder:Insufficient funds');
    move(base, type === 'buy' ? volExec : -volExec);
    move(quote, type === 'buy' ? -(cost + fee) : cost - fee);
    const at = now() / 1000;
    const txid = nextTxid(++sequence);
    const complete = volume - volExec < 10 ** -lotDecimals / 2;
    orders.set(txid, {
      txid,
      ...(params.cl_ord_id !== undefined && { clOrdId: params.cl_ord_id }),
      pair: typeof pair.altname === 'string' ? pair.altname : key,
      type,
      volume,
      volExec,
      cost,
      fee,
      status: behaviour.holdOpen ? 'open' : complete ? 'closed' : 'canceled',
      reason: complete || behaviour.holdOpen ? null : 'Insufficient liquidity',
      oflags,
      opentm: at,
      closetm: behaviour.holdOpen ? 0 : at,
    });
    return ok({
      descr: { order: `${type} ${volume.toFixed(lotDecimals)} ${orders.get(txid)?.pair ?? key} @ market` },
      txid: [txid],
    });
  }

  function queryOrders(params: Record<string, string>): PrivateReply {
    const ids = (params.txid ?? '').split(',').filter(Boolean);
    if (ids.length === 0) return fail('EGeneral:Invalid arguments:txid');
    const result: Json = {};
    for (const id of ids) {
      const order = orders.get(id);
      if (!order) return fail('EOrder:Invalid order');
      result[id] = describe(order, deps.pairs()[deps.resolvePair(order.pair) ?? ''] as Json | undefined);
    }
    return ok(result);
  }

  /** The account's orders with that client id and status, as Kraken lists them. */
  function byClientId(params: Record<string, string>, open: boolean): Json {
    const since = Number(params.start ?? '0');
    const listed: Json = {};
    for (const order of orders.values()) {
      if ((order.status === 'open') !== open) continue;
      if (params.cl_ord_id !== undefined && order.clOrdId !== params.cl_ord_id) continue;
      if (!open && order.opentm <= since) continue;
      listed[order.txid] = describe(
        order,
        deps.pairs()[deps.resolvePair(order.pair) ?? ''] as Json | undefined,
      );
    }
    return listed;
  }

  function cancelAllOrdersAfter(params: Record<string, string>): PrivateReply {
    const timeout = Number(params.timeout);
    if (!Number.isInteger(timeout) || timeout < 0 || timeout > 86_400)
      return fail('EGeneral:Invalid arguments:timeout');
    const at = now();
    behaviour.deadManUntil = timeout === 0 ? 0 : at + timeout * 1000;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return ok({ currentTime: iso(at), triggerTime: timeout === 0 ? '0' : iso(behaviour.deadManUntil) });
  }

  return {
    /** Every order placed, by txid. */
    orders,
    /** The account's holdings by Kraken asset name. */
    balances,
    /** Test levers: orders left `open` on the book, a partial market, the dead-man switch's time. */
    behaviour,
    /** Closes a parked open order as filled (what the market would do next). */
    closeOpenOrders: () => {
      for (const order of orders.values())
        if (order.status === 'open') Object.assign(order, { status: 'closed', closetm: now() / 1000 });
    },
    handle(request: PrivateRequest): PrivateReply {
      const params = parseBody(request);
      const refused = authenticate(request, params);
      if (refused) return fail(refused);
      switch (request.endpoint) {
        case 'AddOrder':
          return addOrder(params);
        case 'QueryOrders':
          return queryOrders(params);
        case 'OpenOrders':
          return ok({ open: byClientId(params, true) });
        case 'ClosedOrders': {
          const closed = byClientId(params, false);
          return ok({ closed, count: Object.keys(closed).length });
        }
        case 'Balance':
          return ok(Object.fromEntries([...balances].map(([asset, amount]) => [asset, amount.toFixed(10)])));
        case 'CancelAllOrdersAfter':
          return cancelAllOrdersAfter(params);
        default:
          return { status: 404, body: { error: ['EGeneral:Unknown method'] } };
      }
    },
  };
}

export type FakeKrakenPrivate = ReturnType<typeof createFakeKrakenPrivate>;

/** An order as QueryOrders shows it; amounts as Kraken's decimal strings. */
function describe(order: FakeKrakenOrder, pair: Json | undefined): Json {
  const lot = Number(pair?.lot_decimals ?? 8);
  const costDecimals = Number(pair?.cost_decimals ?? 5);
  const average = order.volExec > 0 ? order.cost / order.volExec : 0;
  return {
    refid: null,
    userref: 0,
    ...(order.clOrdId !== undefined && { cl_ord_id: order.clOrdId }),
    status: order.status,
    reason: order.reason,
    opentm: order.opentm,
    closetm: order.closetm,
    starttm: 0,
    expiretm: 0,
    descr: {
      pair: order.pair,
      type: order.type,
      ordertype: 'market',
      price: '0',
      price2: '0',
      leverage: 'none',
      order: `${order.type} ${order.volume.toFixed(lot)} ${order.pair} @ market`,
      close: '',
    },
    vol: order.volume.toFixed(lot),
    vol_exec: order.volExec.toFixed(lot),
    cost: order.cost.toFixed(costDecimals),
    fee: order.fee.toFixed(costDecimals),
    price: average.toFixed(Math.max(5, Number(pair?.pair_decimals ?? 1))),
    stopprice: '0.00000',
    limitprice: '0.00000',
    misc: '',
    oflags: order.oflags,
  };
}

function parseBody(request: PrivateRequest): Record<string, string> {
  const type = String(request.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    try {
      const parsed = JSON.parse(request.body) as Json;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(request.body));
}

/** The fee of the pair's lowest volume tier: what a new account pays. */
function firstTierFee(pair: Json): number {
  const tiers = pair.fees as [number, number][] | undefined;
  return tiers?.[0]?.[1] ?? 0.4;
}

/** Kraken-shaped order id, e.g. OQCLML-BW3P3-BUCMWZ. */
function nextTxid(sequence: number): string {
  const digest = createHash('sha256').update(`fake-kraken-order-${sequence}`).digest();
  const letters = [...digest].map((byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[byte % 32]).join('');
  return `O${letters.slice(0, 5)}-${letters.slice(5, 10)}-${letters.slice(10, 16)}`;
}
