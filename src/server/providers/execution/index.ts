/**
 * The front of the execution port: picks the executor named by EXECUTION. Real orders need three
 * things at once, each checked here with a clear refusal: EXECUTION=kraken, LIVE_TRADING=true and
 * both API keys. Anything less builds no kraken executor at all (never a kraken one that pretends).
 */
import type { Config } from '../../config';
import type { MarketSource } from '../market/market-source';
import type { Executor } from './executor';
import { createKrakenExecutor } from './kraken';
import { createPaperExecutor } from './paper';

export interface ExecutorConfig {
  execution: 'paper' | 'kraken';
  liveTrading: boolean;
  krakenApiKey?: string;
  krakenApiSecret?: string;
  /** KRAKEN_BASE_URL: origin of Kraken's REST API (default Kraken's; e.g. a loopback fake). */
  krakenBaseUrl?: string;
  /** ccxt's client-side rate limiter; default true. Off for loopback fakes. */
  krakenRateLimit?: boolean;
  /** QueryOrders polling while a market order is still open (tests shorten it). */
  krakenPollIntervalMs?: number;
}

export interface ExecutorDeps {
  /** The market source: the paper executor fills against its order book. */
  source: MarketSource;
  /** Paper fills' taker fee, percent (TAKER_FEE_PERCENT). Kraken charges its own and reports it. */
  takerFeePercent: number;
}

export class ExecutorConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExecutorConfigError';
  }
}

export function createExecutor(config: ExecutorConfig, deps: ExecutorDeps): Executor {
  const { execution } = config;
  switch (execution) {
    case 'paper':
      return createPaperExecutor({ source: deps.source, takerFeePercent: deps.takerFeePercent });
    case 'kraken': {
      if (!config.liveTrading)
        throw new ExecutorConfigError(
          'EXECUTION=kraken places real orders with real money: set LIVE_TRADING=true to allow it, or use EXECUTION=paper',
        );
      if (!config.krakenApiKey || !config.krakenApiSecret)
        throw new ExecutorConfigError('EXECUTION=kraken needs KRAKEN_API_KEY and KRAKEN_API_SECRET');
      return createKrakenExecutor({
        apiKey: config.krakenApiKey,
        apiSecret: config.krakenApiSecret,
        baseUrl: config.krakenBaseUrl,
        rateLimit: config.krakenRateLimit,
        pollIntervalMs: config.krakenPollIntervalMs,
      });
    }
    default:
      return unreachable(execution);
  }
}

/** The executor's settings from the validated environment (config.ts). */
export function executorConfigFrom(config: Config): ExecutorConfig {
  return {
    execution: config.execution,
    liveTrading: config.liveTrading,
    krakenApiKey: config.env.KRAKEN_API_KEY,
    krakenApiSecret: config.env.KRAKEN_API_SECRET,
    krakenBaseUrl: config.market.krakenBaseUrl,
  };
}

function unreachable(value: never): never {
  throw new ExecutorConfigError(`Unknown executor: ${String(value)}`);
}

export type { ExchangeAccount, Executor, Fill, MarketOrder, OrderLookup, OrderQuery } from './executor';
export { EXECUTION_BOOK_DEPTH, ExecutionError } from './executor';
export {
  bookSpreadPercent,
  estimateFill,
  estimateFillByQuantity,
  roundTripCostPercent,
  type FillEstimate,
  type OrderSide,
  type RoundTripInput,
} from './entry-cost';
