/**
 * Market data in the database: pairs synced from the market source, candle history (hourly for
 * 180 days, minutes for 48 h), tickers, and the upkeep that ages them out. Jobs call `refresh`
 * per active pair on a schedule; a pair whose refresh fails MAX_REFRESH_FAILURES times in a row
 * is deactivated (an admin can turn it back on), and one success resets the count.
 */
import type { Database } from '../../db/client';
import type { PairUpdateEvent } from '../../../contract/events';
import type { CandleInterval } from '../../db/schema';
import type { Candle } from '../../shared/candles';
import { floorTo } from '../../shared/candles';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/time';
import type { MarketPair, MarketSource, MarketTicker } from '../../providers/market/market-source';
import type { LogsService } from '../logs/logs.service';
import { createCandleCache } from './candle-cache';
import { createPairDirectory } from './pair-directory';
import { createPairEdits, pairSnapshot, type Actor } from './pair-edits';
import { pruneMarketData, type MarketRetentionResult } from './market-retention';
import { createCandlesRepo } from './candles.repo';
import {
  createMarketRepo,
  type CryptoPairRow,
  type NewCryptoPair,
  type PairOrderLimits,
} from './market.repo';

export const MAX_REFRESH_FAILURES = 5;

/** How far back each interval is kept filled. */
export const CANDLE_WINDOWS: Record<CandleInterval, { windowMs: number; intervalMs: number }> = {
  // Half a year: the publication gate judges its families on all of it (research/judge-gate.ts).
  '1h': { windowMs: 180 * DAY_MS, intervalMs: HOUR_MS },
  '1m': { windowMs: 48 * HOUR_MS, intervalMs: MINUTE_MS },
};
const INTERVALS = Object.keys(CANDLE_WINDOWS) as CandleInterval[];

export interface TickerEvent {
  pairId: number;
  pair: string;
  ticker: MarketTicker;
}

/** pino-compatible (Fastify's logger fits). */
export interface MarketLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

export interface MarketServiceDeps {
  db: Database;
  source: MarketSource;
  /** Where sync and refresh results are logged, and pair changes audited (the logs module). */
  logs: Pick<LogsService, 'action' | 'audit'>;
  /** Wall clock for action logs; default Date.now. Market data uses source.now(). */
  clock?: () => number;
  onTicker?: (event: TickerEvent) => void;
  /** Every change of a pair row: sync, admin edits, automatic deactivation (`pair_updates`). */
  onPairUpdate?: (event: PairUpdateEvent) => void;
  log?: MarketLog;
}

export interface SyncResult {
  added: string[];
  updated: string[];
  deactivated: string[];
}

export type CandleCounts = Record<CandleInterval, number>;

export type RefreshResult =
  | { ok: true; ticker: MarketTicker; inserted: CandleCounts }
  | { ok: false; error: string; attempts: number; deactivated: boolean };

export function createMarketService(deps: MarketServiceDeps) {
  const { db, source } = deps;
  const clock = deps.clock ?? Date.now;
  const repo = createMarketRepo(db);
  const candlesRepo = createCandlesRepo(db);
  const candleCache = createCandleCache(candlesRepo);
  const directory = createPairDirectory(() => repo.listPairs());
  const announce = (pair: string, action: PairUpdateEvent['action']) => {
    directory.forget();
    try {
      deps.onPairUpdate?.({ pair, action });
    } catch (error) {
      deps.log?.warn({ pair, error: String(error) }, 'onPairUpdate listener threw');
    }
  };

  async function requirePair(symbol: string): Promise<CryptoPairRow> {
    const pair = await repo.findPair(symbol);
    if (!pair) throw new Error(`Unknown pair ${symbol}`);
    return pair;
  }

  /** Fetches and stores candles of `interval` from `since`; returns how many were new. */
  async function store(pair: CryptoPairRow, interval: CandleInterval, since: number): Promise<number> {
    const fetched = await source.fetchCandles(pair.symbol, interval, since);
    return candlesRepo.insertCandles(pair.id, interval, fetched);
  }

  return {
    listPairs: () => repo.listPairs(),
    pairBySymbol: (symbol: string) => repo.findPair(symbol),
    /**
     * The pair as last announced (pair-directory.ts): for hot paths that need its exchange symbol,
     * whether it is active and its order minimums, not its refresh counters.
     */
    tradablePair: (symbol: string) => directory.bySymbol(symbol),
    /** Another process changed pairs (`pair_updates`): the directory is read again. */
    forgetPairs: () => directory.forget(),
    pairById: (id: number) => repo.findPairById(id),
    latestQuote: (pairId: number) => repo.latestQuote(pairId),
    latestTicker: (pairId: number) => repo.latestTicker(pairId),
    /** The last 24 hourly candles folded into one (pair details before the first ticker). */
    lastDay: (pairId: number) => candlesRepo.lastDay(pairId),
    latestQuoteVolumes: (pairIds: number[]) => repo.latestQuoteVolumes(pairIds),
    pairSymbols: (pairIds: number[]) => directory.symbols(pairIds),
    activePairCount: () => repo.activePairCount(),
    /** Active pairs, all or only those of `symbols`. */
    activePairs: (symbols?: string[]): Promise<CryptoPairRow[]> =>
      symbols?.length === 0 ? Promise.resolve([]) : repo.activePairs(symbols),
    ...createPairEdits({ db, logs: deps.logs, announce }),

    /**
     * Makes the pair table match the source's list: new pairs added (active as the source
     * suggests), a changed exchange symbol updated, pairs the source no longer lists deactivated.
     * Pairs an admin switched off stay off when listed again. The order minimums of every listed
     * pair are rewritten when they changed; that alone is metadata, not an `updated` pair.
     * Audited (before and after of every changed pair) when an admin asked (`actor`, a user id)
     * or when anything changed.
     */
    async syncPairs(actor?: Actor): Promise<SyncResult> {
      const listed = await source.listPairs();
      const result = await db.transaction(async (tx) => {
        const txRepo = createMarketRepo(tx);
        const existing = await txRepo.listPairs();
        const bySymbol = new Map(existing.map((row) => [row.symbol, row]));
        const byExchange = new Map(existing.map((row) => [row.krakenSymbol, row]));
        const listedSymbols = new Set(listed.map((p) => p.symbol));
        const added: string[] = [];
        const updated: string[] = [];
        const kept = new Set<number>();
        const toInsert: NewCryptoPair[] = [];
        const limits: PairOrderLimits[] = [];
        const keepLimits = (row: CryptoPairRow, pair: MarketPair) => {
          const orderMin = pair.orderMin ?? null;
          const costMin = pair.costMin ?? null;
          if (row.orderMin !== orderMin || row.costMin !== costMin)
            limits.push({ id: row.id, orderMin, costMin });
        };
        for (const pair of listed) {
          const row = bySymbol.get(pair.symbol);
          if (row) {
            kept.add(row.id);
            keepLimits(row, pair);
            if (row.krakenSymbol !== pair.exchangeSymbol) {
              await txRepo.updatePair(row.id, { krakenSymbol: pair.exchangeSymbol });
              updated.push(pair.symbol);
            }
            continue;
          }
          // The same exchange pair under a new name of ours (e.g. a renamed asset): rename the row.
          const renamed = byExchange.get(pair.exchangeSymbol);
          if (renamed && !kept.has(renamed.id) && !listedSymbols.has(renamed.symbol)) {
            kept.add(renamed.id);
            keepLimits(renamed, pair);
            await txRepo.updatePair(renamed.id, { symbol: pair.symbol, base: pair.base, quote: pair.quote });
            updated.push(pair.symbol);
            continue;
          }
          toInsert.push({
            symbol: pair.symbol,
            krakenSymbol: pair.exchangeSymbol,
            base: pair.base,
            quote: pair.quote,
            active: pair.defaultActive ?? true,
            orderMin: pair.orderMin ?? null,
            costMin: pair.costMin ?? null,
          });
          added.push(pair.symbol);
        }
        await txRepo.insertPairs(toInsert);
        await txRepo.updateOrderLimits(limits);
        const deactivate = existing.filter((row) => row.active && !kept.has(row.id));
        await txRepo.deactivatePairs(deactivate.map((row) => row.id));
        const result = { added, updated, deactivated: deactivate.map((row) => row.symbol) };
        if (actor !== undefined || added.length + updated.length + deactivate.length > 0) {
          const changed = new Set([...added, ...updated, ...result.deactivated]);
          const afterRows = (await txRepo.listPairs()).filter((row) => changed.has(row.symbol));
          const changedIds = new Set(afterRows.map((row) => row.id));
          await deps.logs.audit(
            {
              userId: actor ?? null,
              action: 'pair.sync',
              details: {
                source: source.name,
                ...result,
                before: existing.filter((row) => changedIds.has(row.id)).map(pairSnapshot),
                after: afterRows.map(pairSnapshot),
              },
            },
            tx,
          );
        }
        return result;
      });
      for (const symbol of result.added) announce(symbol, 'added');
      for (const symbol of result.updated) announce(symbol, 'updated');
      for (const symbol of result.deactivated) announce(symbol, 'deactivated');
      await deps.logs.action({
        pair: null,
        action: 'market.sync',
        status: 'ok',
        details: { source: source.name, listed: listed.length, ...counts(result) },
        at: clock(),
      });
      deps.log?.info({ source: source.name, ...counts(result) }, 'market pairs synced');
      return result;
    },

    /**
     * Stores the missing history of a pair: hourly candles for 180 days, minutes for 48 h.
     * Idempotent. When the start of a window is already stored only the tail is fetched; a
     * window without its start is fetched whole (existing rows are skipped by the primary key).
     */
    async backfill(symbol: string): Promise<CandleCounts> {
      const pair = await requirePair(symbol);
      const now = source.now();
      const inserted: CandleCounts = { '1h': 0, '1m': 0 };
      for (const interval of INTERVALS) {
        const { windowMs, intervalMs } = CANDLE_WINDOWS[interval];
        const windowStart = floorTo(now - windowMs, intervalMs);
        const stored = await candlesRepo.candleRange(pair.id, interval, windowStart);
        const headStored = stored.first !== undefined && stored.first <= windowStart + intervalMs;
        const since = headStored && stored.last !== undefined ? stored.last + intervalMs : windowStart;
        inserted[interval] = await store(pair, interval, since);
      }
      return inserted;
    },

    /**
     * Fetches the candles closed since the last stored ones and the ticker, stores them, logs
     * the ticker and announces it. Never throws for a source failure: it is counted instead.
     */
    async refresh(symbol: string): Promise<RefreshResult> {
      const pair = await requirePair(symbol);
      let result: RefreshResult;
      try {
        const now = source.now();
        const inserted: CandleCounts = { '1h': 0, '1m': 0 };
        for (const interval of INTERVALS) {
          const { windowMs, intervalMs } = CANDLE_WINDOWS[interval];
          const windowStart = floorTo(now - windowMs, intervalMs);
          const { last } = await candlesRepo.candleRange(pair.id, interval, windowStart);
          inserted[interval] = await store(
            pair,
            interval,
            last === undefined ? windowStart : last + intervalMs,
          );
        }
        const ticker = await source.fetchTicker(symbol);
        await repo.insertTickerLog(pair.id, ticker);
        if (pair.deactivationAttempts > 0) await repo.resetFailures(pair.id);
        await deps.logs.action({
          pair: symbol,
          action: 'market.refresh',
          status: 'ok',
          details: { candles1h: inserted['1h'], candles1m: inserted['1m'], price: ticker.price },
          at: clock(),
        });
        result = { ok: true, ticker, inserted };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const { attempts, active } = await repo.recordFailure(pair.id, MAX_REFRESH_FAILURES);
        const deactivated = pair.active && !active;
        await deps.logs.action({
          pair: symbol,
          action: 'market.refresh',
          status: 'error',
          details: { error: message, attempts, deactivated },
          at: clock(),
        });
        deps.log?.warn({ pair: symbol, error: message, attempts, deactivated }, 'market refresh failed');
        if (deactivated) announce(symbol, 'deactivated');
        return { ok: false, error: message, attempts, deactivated };
      }
      try {
        deps.onTicker?.({ pairId: pair.id, pair: symbol, ticker: result.ticker });
      } catch (error) {
        // A listener's bug is not the market's failure.
        deps.log?.warn({ pair: symbol, error: String(error) }, 'onTicker listener threw');
      }
      return result;
    },

    /** Stored candles of a pair from `sinceMs` (open time), oldest first (candle-cache.ts). */
    candles(pairId: number, interval: CandleInterval, sinceMs: number, untilMs?: number): Promise<Candle[]> {
      return candleCache.read(pairId, interval, sinceMs, untilMs);
    },

    /** Ages out ticker logs and candles (`retentionPolicy` days, on the market's clock). */
    async pruneMarketData(retentionPolicyDays: number): Promise<MarketRetentionResult> {
      const result = await pruneMarketData(
        { market: repo, candles: candlesRepo },
        retentionPolicyDays,
        source.now(),
      );
      candleCache.forget();
      return result;
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

function counts(result: SyncResult) {
  return {
    added: result.added.length,
    updated: result.updated.length,
    deactivated: result.deactivated.length,
  };
}
