/**
 * The front of the market port: picks the source named by MARKET_SOURCE. Options arrive as one
 * typed object built from the environment by config.ts; no source reads process.env itself.
 */
import type { MarketSource } from './market-source';
import { createKrakenMarketSource } from './kraken';
import { createReplayMarketSource } from './replay';
import { createSimulatedMarketSource } from './simulated';
import type { SimulatedEdge } from './simulated/hourly-path';

export type MarketSourceName = MarketSource['name'];

export interface MarketSourceConfig {
  source: MarketSourceName;
  /** SIM_SEED: the simulated market's seed (default 1). */
  simSeed?: number;
  /** SIM_EDGE: the simulated market with its planted edge (default) or without any (`none`). */
  simEdge?: SimulatedEdge;
  /** SIM_SPEED: source seconds per real second for the simulated and replay clocks (default 1). */
  simSpeed?: number;
  /** KRAKEN_BASE_URL: origin of Kraken's REST API (default Kraken's; e.g. a loopback fake). */
  krakenBaseUrl?: string;
  /** ccxt's client-side rate limit (≈1 call/s, Kraken's public allowance); default true. Off for loopback fakes. */
  krakenRateLimit?: boolean;
  /** REPLAY_FILES: candle CSV files or directories (required for replay). */
  replayFiles?: readonly string[];
  /**
   * SIM_MARKET_START: source time at the clock's start for the simulated and replay clocks
   * (default: now for simulated, 90 days into the files for replay). A pinned start makes the market
   * the same whenever it runs (tests); with SIM_SPEED > 1 and a kept database, pass the last stored
   * candle time so a restart does not go back behind the stored history.
   */
  startTime?: number;
  /** SIM_CLOCK_START: the real instant (epoch ms) the simulated clock started at, for every process. */
  simClockStart?: number;
  /** The real clock (tests); default Date.now. */
  clock?: () => number;
}

export function createMarketSource(config: MarketSourceConfig): MarketSource {
  const { source, clock, startTime } = config;
  switch (source) {
    case 'simulated': {
      // A cluster's processes share the clock's start, so they agree on prices at any speed. The
      // market's own time at that start is the real one unless it is pinned (SIM_MARKET_START).
      const shared = config.simClockStart;
      return createSimulatedMarketSource({
        seed: config.simSeed,
        edge: config.simEdge,
        speed: config.simSpeed,
        startTime: startTime ?? shared,
        realStart: shared,
        clock,
      });
    }
    case 'kraken':
      return createKrakenMarketSource({
        baseUrl: config.krakenBaseUrl,
        rateLimit: config.krakenRateLimit,
        clock,
      });
    case 'replay':
      if (!config.replayFiles?.length) throw new Error('MARKET_SOURCE=replay needs REPLAY_FILES');
      return createReplayMarketSource({
        files: config.replayFiles,
        speed: config.simSpeed,
        startTime,
        clock,
      });
    default:
      return unreachable(source);
  }
}

function unreachable(value: never): never {
  throw new Error(`Unknown market source: ${String(value)}`);
}

export type { CandleInterval, MarketPair, MarketSource, MarketTicker, OrderBook } from './market-source';
export { UnknownPairError } from './market-source';
export { createManualClock, type ManualClock } from './clock';
