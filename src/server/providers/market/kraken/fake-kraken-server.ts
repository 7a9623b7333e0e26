/**
 * A loopback Kraken: node:http on 127.0.0.1 serving the recorded public REST responses from
 * ../shared/fixtures/kraken (read at start, never copied into the repo) in Kraken's wire format,
 * so the real adapter (ccxt underneath) runs unchanged against it. Point the adapter at `url`.
 *
 * What it answers (GET or POST /0/public/<Method>):
 * - Time, SystemStatus, Assets: the recordings as stored.
 * - AssetPairs: all 1434 pairs of 2026 (or the 179 of 2020), `?pair=` filters by key or altname.
 * - Ticker?pair=: the recorded tickers (XXBTZUSD, XBTUSDT, XXBTZEUR, XETHZCAD, XTZXBT); other
 *   known pairs answer `EQuery:Unknown asset pair` like a pair Kraken does not quote.
 * - OHLC?pair=&interval=1|60&since=: for any known pair, the only recordings there are (XBTUSDT
 *   minutes 2025-11-10, XXBTZEUR hours 2020-06/07) under their own result key, as Kraken also
 *   answers under its own key; rows with time ≥ since, `last` as recorded.
 * - Depth?pair=&count=: the recorded 5-level XBTUSDT book for any known pair, cut to `count`.
 * And the private API (POST /0/private/AddOrder, QueryOrders) for one account, signatures and
 * nonces checked as Kraken does, market orders filled on that book: fake-kraken-private.ts.
 * Unknown methods answer 404 `EGeneral:Unknown method`. `failNext` injects errors (public or
 * private): before the call takes effect, or with `after` once it has (an order placed whose
 * answer is then lost, refused or never sent).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sharedFixturesDir } from '../shared-fixtures';
import {
  createFakeKrakenPrivate,
  FAKE_KRAKEN_CREDENTIALS,
  type FakeKrakenCredentials,
  type FakeKrakenOrder,
} from './fake-kraken-private';

export { FAKE_KRAKEN_CREDENTIALS, type FakeKrakenCredentials, type FakeKrakenOrder };

/** Where the recorded Kraken responses live: beside the repository, in ../shared. */
export function krakenFixturesDir(): string {
  return sharedFixturesDir('kraken');
}

export async function readKrakenFixture<T = unknown>(name: string, dir = krakenFixturesDir()): Promise<T> {
  return JSON.parse(await readFile(path.join(dir, name), 'utf8')) as T;
}

export interface FakeKrakenOptions {
  fixturesDir?: string;
  /** Which AssetPairs recording to serve; default the 2026 one (1434 pairs). */
  assetPairs?: 'current' | '2020';
  /** The private API's account; default FAKE_KRAKEN_CREDENTIALS. */
  credentials?: FakeKrakenCredentials;
  /** Taker fee of private fills, percent; default each pair's first tier (0.4 %). */
  takerFeePercent?: number;
  /** The private account's opening balances (Kraken asset names); default 1,000,000 ZUSD, 10 XXBT. */
  balances?: Record<string, number>;
}

export interface FakeKrakenRequest {
  method: string;
  /** Kraken method, e.g. `Ticker`. */
  endpoint: string;
  query: Record<string, string>;
}

export interface FakeKrakenFailure {
  /** HTTP status; default 200 with a Kraken error body. */
  status?: number;
  /** Kraken error string; default `EService:Unavailable`. */
  error?: string;
  /** How many calls fail; default 1. */
  times?: number;
  /** Drop the connection without answering (after reading the request), like a network cut. */
  drop?: boolean;
  /** Never answer: the client's timeout ends the call. */
  hang?: boolean;
  /** The call takes effect first (a private call is handled: an order is placed), then fails. */
  after?: boolean;
}

export interface FakeKrakenServer {
  /** Origin to give the adapter as its base URL, e.g. http://127.0.0.1:40123. */
  url: string;
  port: number;
  /** Every call received, oldest first. */
  requests: FakeKrakenRequest[];
  /** The private API's account. */
  credentials: FakeKrakenCredentials;
  /** Orders placed through the private API, by txid. */
  orders: ReadonlyMap<string, FakeKrakenOrder>;
  /** The private account's holdings by Kraken asset name (ZUSD, XXBT), moved by every fill. */
  balances: Map<string, number>;
  /** Levers: leave orders `open`, fill only a fraction, and the dead-man switch's expiry (ms). */
  behaviour: { holdOpen: boolean; fillFraction: number; deadManUntil: number };
  /** Closes the orders left open (filled), as the market would. */
  closeOpenOrders(): void;
  /** Makes the next call(s) of `endpoint` (e.g. 'Ticker') fail. */
  failNext(endpoint: string, failure?: FakeKrakenFailure): void;
  /** Replaces the `result` of an endpoint for every later call (e.g. a shrunk AssetPairs). */
  setResult(endpoint: string, result: unknown): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
interface Recorded {
  error: string[];
  result: Json;
}

export async function startFakeKrakenServer(options: FakeKrakenOptions = {}): Promise<FakeKrakenServer> {
  const dir = options.fixturesDir ?? krakenFixturesDir();
  const load = (name: string) => readKrakenFixture<Recorded>(name, dir);
  const [time, status, assets, pairs, ticker, tickerUsdt, tickerMulti, minutes, hours, depth] =
    await Promise.all([
      load('Time.json'),
      load('SystemStatus.json'),
      load('Assets-20200714.json'),
      load(options.assetPairs === '2020' ? 'AssetPairs-20200714-raw.json' : 'AssetPairs.json'),
      load('Ticker.json'),
      load('Ticker-XBTUSDT-20251111.json'),
      load('Ticker-multi-20200714.json'),
      load('OHLC-XBTUSDT-1.json'),
      load('OHLC-XXBTZEUR-60.json'),
      load('Depth.json'),
    ]);
  const tickers: Json = { ...tickerMulti.result, ...tickerUsdt.result, ...ticker.result };
  const overrides = new Map<string, unknown>();
  const failures = new Map<string, Required<FakeKrakenFailure>>();
  const requests: FakeKrakenRequest[] = [];

  const assetPairs = () => (overrides.get('AssetPairs') as Json | undefined) ?? pairs.result;
  /** Kraken accepts a pair's key or altname; answers under the key. */
  const resolvePair = (name: string | undefined): string | undefined => {
    if (!name) return undefined;
    const all = assetPairs();
    if (name in all) return name;
    return Object.keys(all).find((key) => (all[key] as { altname?: string }).altname === name);
  };

  const recordedBook = () => {
    const [book] = Object.values(depth.result) as { asks: unknown[]; bids: unknown[] }[];
    if (!book) throw new Error('Depth.json holds no book');
    return book as { asks: [string, string, number][]; bids: [string, string, number][] };
  };
  const credentials = options.credentials ?? FAKE_KRAKEN_CREDENTIALS;
  const privateApi = createFakeKrakenPrivate({
    credentials,
    pairs: assetPairs,
    resolvePair,
    book: recordedBook,
    takerFeePercent: options.takerFeePercent,
    balances: options.balances,
  });

  const answer = (endpoint: string, query: Record<string, string>): { status: number; body: unknown } => {
    const ok = (result: unknown) => ({ status: 200, body: { error: [], result } });
    const fail = (error: string, code = 200) => ({ status: code, body: { error: [error] } });
    if (overrides.has(endpoint) && endpoint !== 'AssetPairs') return ok(overrides.get(endpoint));
    switch (endpoint) {
      case 'Time':
        return ok(time.result);
      case 'SystemStatus':
        return ok(status.result);
      case 'Assets':
        return ok(assets.result);
      case 'AssetPairs': {
        if (!query.pair) return ok(assetPairs());
        const keys = query.pair.split(',').map(resolvePair);
        if (keys.some((k) => !k)) return fail('EQuery:Unknown asset pair');
        return ok(Object.fromEntries(keys.map((k) => [k, assetPairs()[k as string]])));
      }
      case 'Ticker': {
        const names = (query.pair ?? Object.keys(tickers).join(',')).split(',');
        const keys = names.map((n) => resolvePair(n) ?? (n in tickers ? n : undefined));
        if (keys.some((k) => !k || !(k in tickers))) return fail('EQuery:Unknown asset pair');
        return ok(Object.fromEntries(keys.map((k) => [k, tickers[k as string]])));
      }
      case 'OHLC': {
        if (!resolvePair(query.pair)) return fail('EQuery:Unknown asset pair');
        const interval = Number(query.interval ?? '1');
        const recording = interval === 1 ? minutes : interval === 60 ? hours : undefined;
        if (!recording) return fail('EGeneral:Invalid arguments');
        const since = Number(query.since ?? '0');
        const result = Object.fromEntries(
          Object.entries(recording.result).map(([key, rows]) => [
            key,
            key === 'last' ? rows : (rows as [number][]).filter((row) => row[0] >= since),
          ]),
        );
        return ok(result);
      }
      case 'Depth': {
        if (!resolvePair(query.pair)) return fail('EQuery:Unknown asset pair');
        const count = Number(query.count ?? '100');
        const result = Object.fromEntries(
          Object.entries(depth.result).map(([key, book]) => {
            const { asks, bids } = book as { asks: unknown[]; bids: unknown[] };
            return [key, { asks: asks.slice(0, count), bids: bids.slice(0, count) }];
          }),
        );
        return ok(result);
      }
      default:
        return fail('EGeneral:Unknown method', 404);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    let body = '';
    if (req.method === 'POST') {
      for await (const chunk of req) body += String(chunk);
      if (!String(req.headers['content-type']).includes('json'))
        Object.assign(query, Object.fromEntries(new URLSearchParams(body)));
    }
    const match = /^\/0\/(public|private)\/(\w+)$/.exec(url.pathname);
    const endpoint = match?.[2] ?? url.pathname;
    requests.push({ method: req.method ?? 'GET', endpoint, query });
    const failure = failures.get(endpoint);
    let reply: { status: number; body: unknown };
    if (failure) {
      if (--failure.times <= 0) failures.delete(endpoint);
      if (failure.after && match?.[1] === 'private')
        privateApi.handle({ path: url.pathname, endpoint, headers: req.headers, body });
      if (failure.hang) return;
      if (failure.drop) {
        req.socket.destroy();
        return;
      }
      reply = { status: failure.status, body: { error: [failure.error] } };
    } else if (match?.[1] === 'public') {
      reply = answer(endpoint, query);
    } else if (match?.[1] === 'private' && req.method === 'POST') {
      reply = privateApi.handle({ path: url.pathname, endpoint, headers: req.headers, body });
    } else {
      reply = { status: 404, body: { error: ['EGeneral:Unknown method'] } };
    }
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(reply.body));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: [`EGeneral:Internal error ${String(error)}`] }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    credentials,
    orders: privateApi.orders,
    balances: privateApi.balances,
    behaviour: privateApi.behaviour,
    closeOpenOrders: privateApi.closeOpenOrders,
    failNext(endpoint, failure = {}) {
      failures.set(endpoint, {
        status: failure.status ?? 200,
        error: failure.error ?? 'EService:Unavailable',
        times: failure.times ?? 1,
        drop: failure.drop ?? false,
        hang: failure.hang ?? false,
        after: failure.after ?? false,
      });
    },
    setResult(endpoint, result) {
      overrides.set(endpoint, result);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
