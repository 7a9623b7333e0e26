/**
 * Kraken's public REST API through ccxt's raw endpoint methods: ccxt supplies the HTTP client,
 * rate limiting and Kraken's error mapping (`{"error":[...]}` → typed exceptions); we take
 * Kraken's raw `result` objects and transform them ourselves (transform.ts). The pair list comes
 * from AssetPairs directly rather than ccxt's loadMarkets, which also fetches Assets and parses
 * all ~1400 markets into ccxt's shape (0.4-0.9 s) only for us to read `info` back.
 * ccxt (≈60 MB, ~0.4 s to import) is loaded on first use only, so other sources never pay for it.
 */
import type { kraken as KrakenClient } from 'ccxt';
import type { KrakenAssetPair, KrakenDepthResult, KrakenOhlcResult, KrakenTicker } from './transform';

export interface KrakenApiOptions {
  /** Origin of the REST API (ccxt appends /0/public/...); default Kraken's own. */
  baseUrl?: string;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
  /** ccxt's client-side rate limiter (Kraken public ≈ 1 call/s); default true. */
  rateLimit?: boolean;
}

export interface KrakenApi {
  /** Every pair Kraken lists: pair key → raw pair (GET AssetPairs, ~1400 pairs, one call). */
  assetPairs(): Promise<Record<string, KrakenAssetPair>>;
  ticker(pair: string): Promise<Record<string, KrakenTicker>>;
  ohlc(pair: string, intervalMinutes: 1 | 60, sinceSeconds?: number): Promise<KrakenOhlcResult>;
  depth(pair: string, count: number): Promise<KrakenDepthResult>;
}

interface KrakenEnvelope<T> {
  error?: string[];
  result?: T;
}

export function createKrakenApi(options: KrakenApiOptions = {}): KrakenApi {
  let client: Promise<KrakenClient> | undefined;
  const exchange = () =>
    (client ??= import('ccxt').then(({ kraken }) => {
      const api = options.baseUrl?.replace(/\/+$/, '');
      return new kraken({
        enableRateLimit: options.rateLimit ?? true,
        timeout: options.timeoutMs ?? 10_000,
        ...(api && { urls: { api: { public: api, private: api } } }),
      });
    }));

  return {
    async assetPairs() {
      return unwrap<Record<string, KrakenAssetPair>>(await (await exchange()).publicGetAssetPairs({}));
    },
    async ticker(pair) {
      return unwrap<Record<string, KrakenTicker>>(await (await exchange()).publicGetTicker({ pair }));
    },
    async ohlc(pair, interval, since) {
      const params = since === undefined ? { pair, interval } : { pair, interval, since };
      return unwrap<KrakenOhlcResult>(await (await exchange()).publicGetOHLC(params));
    },
    async depth(pair, count) {
      return unwrap<KrakenDepthResult>(await (await exchange()).publicGetDepth({ pair, count }));
    },
  };
}

/** ccxt already threw for a non-empty `error`; a missing `result` is still a broken answer. */
function unwrap<T>(body: unknown): T {
  const envelope = body as KrakenEnvelope<T> | undefined;
  if (envelope?.error?.length) throw new Error(`Kraken: ${envelope.error.join(', ')}`);
  if (!envelope?.result || typeof envelope.result !== 'object')
    throw new Error('Kraken: answer without result');
  return envelope.result;
}
