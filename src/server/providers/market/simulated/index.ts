/**
 * `MARKET_SOURCE=simulated` (the default): twelve seeded USD pairs on their own clock. Every
 * price is a pure function of (seed, pair, time), so the same seed and clock give the same
 * candles, before and after a restart; 90 days of hours and 48 h of minutes exist before the
 * first start because the paths begin at a fixed epoch long before it.
 */
import { HOUR_MS } from '../../../shared/time';
import { createSourceClock, type SourceClockOptions } from '../clock';
import { UnknownPairError, type MarketPair, type MarketSource } from '../market-source';
import { krakenOrderLimits } from '../order-limits';
import { PAIR_PROFILES, SIMULATED_QUOTE } from './profiles';
import type { SimulatedEdge } from './hourly-path';
import { SimulatedPair } from './simulated-pair';

export interface SimulatedMarketOptions extends SourceClockOptions {
  /** Any integer; default 1. */
  seed?: number;
  /** Hour 0 of every path (ms); default 2024-01-01, earlier when `startTime` is not 180 days after it. */
  epoch?: number;
  /** SIM_EDGE: `planted` (default) or `none`, the same market without any drift (hourly-path.ts). */
  edge?: SimulatedEdge;
}

export const DEFAULT_SIMULATION_EPOCH = Date.UTC(2024, 0, 1);
const DAY_MS = 24 * HOUR_MS;

export function createSimulatedMarketSource(options: SimulatedMarketOptions = {}): MarketSource {
  const now = createSourceClock(options);
  const seed = Math.trunc(options.seed ?? 1);
  const start = now();
  const epoch =
    options.epoch ?? Math.min(DEFAULT_SIMULATION_EPOCH, Math.floor((start - 180 * DAY_MS) / DAY_MS) * DAY_MS);
  if (epoch % HOUR_MS !== 0) throw new Error('epoch must be a whole hour');

  const pairs = new Map(
    PAIR_PROFILES.map((profile) => {
      const symbol = `${profile.base}/${SIMULATED_QUOTE}`;
      return [symbol, new SimulatedPair(symbol, profile, seed, epoch, options.edge)] as const;
    }),
  );
  const pair = (symbol: string) => {
    const found = pairs.get(symbol);
    if (!found) throw new UnknownPairError(symbol);
    return found;
  };

  return {
    name: 'simulated',
    now,
    async listPairs(): Promise<MarketPair[]> {
      return [...pairs.values()].map(({ symbol, profile }) => ({
        symbol,
        exchangeSymbol: profile.exchangeSymbol,
        base: profile.base,
        quote: SIMULATED_QUOTE,
        defaultActive: true,
        ...krakenOrderLimits(profile.base, SIMULATED_QUOTE),
      }));
    },
    async fetchCandles(symbol, interval, since, limit) {
      const p = pair(symbol);
      switch (interval) {
        case '1m':
          return p.minutes(since, now(), limit);
        case '1h':
          return p.hourly(since, now(), limit);
      }
    },
    async fetchTicker(symbol) {
      return pair(symbol).ticker(now());
    },
    async fetchOrderBook(symbol, depth = 10) {
      return pair(symbol).orderBook(now(), depth);
    },
  };
}
