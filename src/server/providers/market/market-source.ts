/**
 * Where market data comes from. Three implementations sit behind this port: `simulated` (default,
 * seeded), `kraken` (public REST through ccxt) and `replay` (candle files). Symbols are ours
 * (`BTC/USD`); each source also reports its exchange symbol (`XBTUSD`).
 */
import type { Candle } from '../../engine/types';

export type CandleInterval = '1m' | '1h';

export interface MarketPair {
  symbol: string;
  exchangeSymbol: string;
  base: string;
  quote: string;
  /**
   * Whether a newly synced pair starts active. Sources with a short list (simulated, replay)
   * say true; Kraken says true only for a default watch-list of majors. Absent: true.
   */
  defaultActive?: boolean;
  /** Smallest order the exchange accepts, in base quantity (Kraken `ordermin`); absent: unknown. */
  orderMin?: number;
  /** Smallest order value in quote currency (Kraken `costmin`); absent: unknown. */
  costMin?: number;
}

export interface MarketTicker {
  symbol: string;
  price: number;
  bid: number;
  ask: number;
  /** Base-asset volume of the last 24 h. */
  volume24h: number;
  high24h: number;
  low24h: number;
  change24hPercent: number;
  /** Epoch ms. */
  timestamp: number;
}

export interface OrderBook {
  symbol: string;
  /** [price, quantity], best first. */
  bids: [number, number][];
  asks: [number, number][];
  timestamp: number;
}

export interface MarketSource {
  readonly name: 'simulated' | 'kraken' | 'replay';
  listPairs(): Promise<MarketPair[]>;
  /** Candles with open time ≥ `since` (epoch ms), oldest first, at most `limit`. Only closed candles. */
  fetchCandles(symbol: string, interval: CandleInterval, since: number, limit?: number): Promise<Candle[]>;
  fetchTicker(symbol: string): Promise<MarketTicker>;
  fetchOrderBook(symbol: string, depth?: number): Promise<OrderBook>;
  /** Current time as the source sees it (the simulated and replay markets run on their own clock). */
  now(): number;
  close?(): Promise<void>;
}

/** The source does not know this pair (not listed, or not listed any more). */
export class UnknownPairError extends Error {
  constructor(readonly symbol: string) {
    super(`Unknown pair ${symbol}`);
    this.name = 'UnknownPairError';
  }
}
