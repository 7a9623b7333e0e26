/**
 * Kraken public REST payloads → the market port's shapes. Pure; tested on the recorded responses.
 * Our symbols use the common asset codes (BTC, DOGE), Kraken's use XBT and XDG; the exchange
 * symbol kept beside ours is Kraken's altname (XBTUSD), which every public endpoint accepts.
 */
import type { Candle } from '../../../engine/types';
import type { MarketPair, MarketTicker, OrderBook } from '../market-source';

export interface KrakenAssetPair {
  altname: string;
  /** e.g. `XBT/USD`; absent on dark-pool pairs (`.d`) of older dumps. */
  wsname?: string;
  base: string;
  quote: string;
  /** `online`, `cancel_only`, `post_only`, `reduce_only`, ...; absent in older dumps (= online). */
  status?: string;
  /** Minimum order volume in base currency, e.g. `0.00005`. */
  ordermin?: string;
  /** Minimum order cost in quote currency, e.g. `0.5`; absent in older dumps. */
  costmin?: string;
}

/** [price, whole-lot volume, lot volume] for a/b; [today, last 24 h] for v, p, t, l, h. */
export interface KrakenTicker {
  a: [string, string, string];
  b: [string, string, string];
  c: [string, string];
  v: [string, string];
  p: [string, string];
  t: [number, number];
  l: [string, string];
  h: [string, string];
  o: string;
}

/** [time (s), open, high, low, close, vwap, volume, count]. */
export type KrakenOhlcRow = [number, string, string, string, string, string, string, number];
/** The pair key → rows, plus `last`: the open time (s) of the last committed candle. */
export type KrakenOhlcResult = Record<string, KrakenOhlcRow[] | number>;

/** [price, volume, timestamp (s)]. */
export type KrakenBookLevel = [string, string, number];
export type KrakenDepthResult = Record<string, { asks: KrakenBookLevel[]; bids: KrakenBookLevel[] }>;

const ASSET_CODES: Record<string, string> = { XBT: 'BTC', XDG: 'DOGE' };
const SYMBOL = /^[A-Z0-9]{1,10}\/[A-Z0-9]{1,10}$/;

export const normaliseAsset = (code: string): string => ASSET_CODES[code] ?? code;

/**
 * The USD spot pairs Kraken trades now (status online), as our symbols, sorted. Pairs whose
 * codes do not fit our symbol format are left out; `watchList` pairs start active.
 */
export function toMarketPairs(
  assetPairs: Record<string, KrakenAssetPair>,
  watchList: ReadonlySet<string>,
  quote = 'USD',
): MarketPair[] {
  const bySymbol = new Map<string, MarketPair>();
  for (const [key, pair] of Object.entries(assetPairs)) {
    if (key.endsWith('.d') || !pair.wsname) continue;
    if (pair.status !== undefined && pair.status !== 'online') continue;
    const [rawBase, rawQuote, ...rest] = pair.wsname.split('/');
    if (!rawBase || !rawQuote || rest.length > 0) continue;
    const base = normaliseAsset(rawBase);
    if (normaliseAsset(rawQuote) !== quote) continue;
    const symbol = `${base}/${quote}`;
    if (!SYMBOL.test(symbol) || bySymbol.has(symbol)) continue;
    bySymbol.set(symbol, {
      symbol,
      exchangeSymbol: pair.altname,
      base,
      quote,
      defaultActive: watchList.has(symbol),
      ...orderLimits(pair),
    });
  }
  return [...bySymbol.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}

/** Kraken's minimums, when present and positive (a missing or broken one is unknown, not zero). */
function orderLimits(pair: KrakenAssetPair): Pick<MarketPair, 'orderMin' | 'costMin'> {
  const positive = (text: string | undefined) => {
    const value = Number(text);
    return text !== undefined && text !== '' && Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const orderMin = positive(pair.ordermin);
  const costMin = positive(pair.costmin);
  return {
    ...(orderMin !== undefined && { orderMin }),
    ...(costMin !== undefined && { costMin }),
  };
}

/**
 * Kraken answers a ticker under its own pair key (XBTUSD → XXBTZUSD), so the one entry is taken
 * whatever its key. Kraken has no rolling 24 h open: the change is against today's (UTC) open, as
 * ccxt also computes it; volume, high and low are the rolling 24 h figures.
 */
export function toTicker(
  result: Record<string, KrakenTicker>,
  symbol: string,
  timestamp: number,
): MarketTicker {
  const ticker = single(result, 'Ticker');
  const price = num(ticker.c[0]);
  const open = num(ticker.o);
  return {
    symbol,
    price,
    bid: num(ticker.b[0]),
    ask: num(ticker.a[0]),
    volume24h: num(ticker.v[1]),
    high24h: num(ticker.h[1]),
    low24h: num(ticker.l[1]),
    change24hPercent: open > 0 ? ((price - open) / open) * 100 : 0,
    timestamp,
  };
}

/**
 * Closed candles only: the last row of an OHLC answer is the still-open candle, and `last` is the
 * open time of the last committed one. Empty intervals (no trades) come as rows with zero volume
 * carrying the previous close; they are kept, being real minutes of the market.
 */
export function toCandles(result: KrakenOhlcResult, since = 0, limit = Infinity): Candle[] {
  const last = typeof result.last === 'number' ? result.last * 1000 : Infinity;
  const rows = Object.entries(result).find(([key, value]) => key !== 'last' && Array.isArray(value))?.[1];
  if (!Array.isArray(rows)) throw new Error('Kraken OHLC: no rows in the answer');
  const candles: Candle[] = [];
  for (const row of rows) {
    const time = row[0] * 1000;
    if (time < since || time > last) continue;
    if (candles.length >= limit) break;
    candles.push({
      time,
      open: num(row[1]),
      high: num(row[2]),
      low: num(row[3]),
      close: num(row[4]),
      volume: num(row[6]),
    });
  }
  return candles;
}

/** Best first on both sides (Kraken: asks ascending, bids descending); timestamp = newest level. */
export function toOrderBook(result: KrakenDepthResult, symbol: string, fallbackTimestamp: number): OrderBook {
  const book = single(result, 'Depth');
  const levels = (side: KrakenBookLevel[]) =>
    side.map(([price, volume]): [number, number] => [num(price), num(volume)]);
  const newest = Math.max(0, ...book.asks.map((l) => l[2]), ...book.bids.map((l) => l[2]));
  return {
    symbol,
    bids: levels(book.bids).sort((a, b) => b[0] - a[0]),
    asks: levels(book.asks).sort((a, b) => a[0] - b[0]),
    timestamp: newest > 0 ? newest * 1000 : fallbackTimestamp,
  };
}

function single<T>(result: Record<string, T>, what: string): T {
  const values = Object.values(result);
  if (values.length !== 1) throw new Error(`Kraken ${what}: expected one pair, got ${values.length}`);
  return values[0] as T;
}

function num(text: string | number | undefined): number {
  const value = typeof text === 'number' ? text : Number(text);
  if (text === undefined || text === '' || !Number.isFinite(value)) {
    throw new Error(`Kraken: not a number: ${String(text)}`);
  }
  return value;
}
