/**
 * Daily upkeep (global settings: retentionPolicy, analysisRetentionDays), one call into each module
 * that owns the data: the market ages its candles and ticker logs on the market's clock; analyses
 * and action logs go on the wall clock. Idempotency-Key answers are kept 7 days: long past any
 * client's retry, short enough that the table stays small.
 */
import type { AnalysisService } from './modules/analysis/analysis.service';
import type { LedgerService } from './modules/ledger/ledger.service';
import type { LogsService } from './modules/logs/logs.service';
import type { MarketService } from './modules/market/market.service';
import { DAY_MS } from './shared/time';

/** How long a money POST's Idempotency-Key answer is replayed. */
export const IDEMPOTENCY_KEY_DAYS = 7;

export interface RetentionSettings {
  /** Ticker logs and action logs older than this many days go (hourly candles: at least 120 days). */
  retentionPolicyDays: number;
  /** Analyses and their snapshots older than this go, except each pair's latest completed one. */
  analysisRetentionDays: number;
}

export interface RetentionDeps {
  market: Pick<MarketService, 'pruneMarketData'>;
  analysis: Pick<AnalysisService, 'prune'>;
  logs: Pick<LogsService, 'pruneActions'>;
  ledger: Pick<LedgerService, 'idempotency'>;
  /** Wall clock; default Date.now. */
  clock?: () => number;
}

export async function applyRetention(deps: RetentionDeps, settings: RetentionSettings) {
  const wallNow = (deps.clock ?? Date.now)();
  const market = await deps.market.pruneMarketData(settings.retentionPolicyDays);
  const analyses = await deps.analysis.prune(new Date(wallNow - settings.analysisRetentionDays * DAY_MS));
  const actionLogs = await deps.logs.pruneActions(new Date(wallNow - settings.retentionPolicyDays * DAY_MS));
  const idempotencyKeys = await deps.ledger.idempotency.prune(
    new Date(wallNow - IDEMPOTENCY_KEY_DAYS * DAY_MS),
  );
  return { ...market, ...analyses, actionLogs, idempotencyKeys };
}

export type RetentionResult = Awaited<ReturnType<typeof applyRetention>>;
