/**
 * A market source a test moves by hand: each pair has a mid price, a spread and an order book of
 * even levels around it, all settable, and a clock that only moves when told. Enough for the
 * paper executor and the accept checks to see a real book.
 */
import { createManualClock } from '../../../providers/market/clock';
import type { MarketPair, MarketSource, OrderBook } from '../../../providers/market/market-source';
import { UnknownPairError } from '../../../providers/market/market-source';

export interface ControlledPair {
  symbol: string;
  price: number;
  /** Best ask − best bid over mid, percent; default 0.02. */
  spreadPercent?: number;
  /** Price step between levels, percent of the mid; default 0.01. */
  stepPercent?: number;
  /** Quote value of each level; default $200,000. */
  levelQuote?: number;
  /** Levels per side; default 100. */
  levels?: number;
}

export interface ControlledMarket extends MarketSource {
  setPrice(symbol: string, price: number): void;
  /** Replaces the pair's book settings (e.g. a thin book) keeping its price unless given. */
  setBook(symbol: string, settings: Partial<Omit<ControlledPair, 'symbol'>>): void;
  /** The next order-book reads of this pair fail (`times`, default 1). */
  failBook(symbol: string, times?: number): void;
  readonly clock: ReturnType<typeof createManualClock>;
}

export function createControlledMarket(pairs: ControlledPair[], start = Date.now()): ControlledMarket {
  const state = new Map(pairs.map((p) => [p.symbol, { ...p }]));
  const failures = new Map<string, number>();
  const clock = createManualClock(start);
  const pair = (symbol: string) => {
    const found = state.get(symbol);
    if (!found) throw new UnknownPairError(symbol);
    return found;
  };

  function book(symbol: string, depth: number): OrderBook {
    const p = pair(symbol);
    const half = (p.spreadPercent ?? 0.02) / 200;
    const step = (p.stepPercent ?? 0.01) / 100;
    const levels = Math.min(depth, p.levels ?? 100);
    const levelQuote = p.levelQuote ?? 200_000;
    const side = (sign: 1 | -1): [number, number][] =>
      Array.from({ length: levels }, (_, i) => {
        const price = p.price * (1 + sign * (half + i * step));
        return [price, levelQuote / price];
      });
    return { symbol, bids: side(-1), asks: side(1), timestamp: clock() };
  }

  return {
    name: 'simulated',
    clock,
    now: clock,
    async listPairs(): Promise<MarketPair[]> {
      return [...state.values()].map((p) => {
        const [base = 'X', quote = 'USD'] = p.symbol.split('/');
        return { symbol: p.symbol, exchangeSymbol: `${base}${quote}`, base, quote };
      });
    },
    async fetchCandles() {
      return [];
    },
    async fetchTicker(symbol) {
      const p = pair(symbol);
      const b = book(symbol, 1);
      return {
        symbol,
        price: p.price,
        bid: b.bids[0]![0],
        ask: b.asks[0]![0],
        volume24h: 1_000,
        high24h: p.price,
        low24h: p.price,
        change24hPercent: 0,
        timestamp: clock(),
      };
    },
    async fetchOrderBook(symbol, depth = 10) {
      const left = failures.get(symbol) ?? 0;
      if (left > 0) {
        failures.set(symbol, left - 1);
        throw new Error(`order book of ${symbol} unavailable`);
      }
      return book(symbol, depth);
    },
    setPrice(symbol, price) {
      pair(symbol).price = price;
    },
    setBook(symbol, settings) {
      Object.assign(pair(symbol), settings);
    },
    failBook(symbol, times = 1) {
      failures.set(symbol, times);
    },
  };
}
