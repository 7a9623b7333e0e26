/**
 * `MARKET_SOURCE=kraken`: Kraken's public market data (no keys needed). Symbols are ours
 * (BTC/USD); requests use Kraken's altname (XBTUSD) learnt from the pair list.
 *
 * Kraken limits: OHLC answers only the latest 720 candles of an interval (12 h of minutes,
 * 30 days of hours), whatever `since` asks; older history cannot be fetched.
 */
import type { Candle } from '../../../engine/types';
import { UnknownPairError, type MarketPair, type MarketSource } from '../market-source';
import { createKrakenApi, type KrakenApi, type KrakenApiOptions } from './api';
import { toCandles, toMarketPairs, toOrderBook, toTicker } from './transform';

/** Pairs that start active after the first sync; the other few hundred USD pairs start inactive. */
export const KRAKEN_DEFAULT_WATCH_LIST: readonly string[] = [
  'BTC/USD',
  'ETH/USD',
  'SOL/USD',
  'XRP/USD',
  'ADA/USD',
  'DOGE/USD',
  'DOT/USD',
  'LINK/USD',
  'LTC/USD',
  'AVAX/USD',
  'ATOM/USD',
  'XLM/USD',
];

export interface KrakenMarketOptions extends KrakenApiOptions {
  watchList?: readonly string[];
  /** Default Date.now. */
  clock?: () => number;
  /** A ready api (tests); default one built from the options. */
  api?: KrakenApi;
}

export function createKrakenMarketSource(options: KrakenMarketOptions = {}): MarketSource {
  const api = options.api ?? createKrakenApi(options);
  const now = options.clock ?? Date.now;
  const watchList = new Set(options.watchList ?? KRAKEN_DEFAULT_WATCH_LIST);
  let pairs: Map<string, MarketPair> | undefined;

  const loadPairs = async () => {
    const list = toMarketPairs(await api.assetPairs(), watchList);
    pairs = new Map(list.map((p) => [p.symbol, p]));
    return list;
  };
  const exchangeSymbol = async (symbol: string) => {
    if (!pairs) await loadPairs();
    const pair = pairs?.get(symbol);
    if (!pair) throw new UnknownPairError(symbol);
    return pair.exchangeSymbol;
  };

  return {
    name: 'kraken',
    now,
    listPairs: loadPairs,
    async fetchCandles(symbol, interval, since, limit): Promise<Candle[]> {
      const pair = await exchangeSymbol(symbol);
      const minutes = interval === '1m' ? 1 : 60;
      // Kraken's `since` is exclusive; one second earlier keeps the candle opening at `since`.
      const result = await api.ohlc(pair, minutes, Math.max(0, Math.floor(since / 1000) - 1));
      return toCandles(result, since, limit);
    },
    async fetchTicker(symbol) {
      return toTicker(await api.ticker(await exchangeSymbol(symbol)), symbol, now());
    },
    async fetchOrderBook(symbol, depth = 10) {
      return toOrderBook(await api.depth(await exchangeSymbol(symbol), depth), symbol, now());
    },
  };
}
