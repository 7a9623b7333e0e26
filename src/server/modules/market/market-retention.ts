/**
 * What upkeep deletes (global settings: retentionPolicy, analysisRetentionDays). Market data is
 * aged on the market's clock (the source's now), logs and analyses on the wall clock.
 */
import { sql } from 'drizzle-orm';
import type { MarketRepo } from './market.repo';

export interface RetentionSettings {
  /** Ticker logs and action logs older than this many days go. */
  retentionPolicyDays: number;
  /** Analyses and their snapshots older than this go, except each pair's latest completed one. */
  analysisRetentionDays: number;
}

export interface RetentionResult {
  tickerLogs: number;
  minuteCandles: number;
  hourlyCandles: number;
  analyses: number;
  analysisSnapshots: number;
  actionLogs: number;
}

const DAY_MS = 86_400_000;
/** One-minute candles are kept for 48 h (12-hour charts, scalps). */
export const MINUTE_CANDLE_RETENTION_MS = 48 * 3_600_000;
/** Hourly candles are kept at least this long whatever the policy (90-day metrics + margin). */
export const MIN_HOURLY_RETENTION_DAYS = 120;

export async function applyRetention(
  repo: MarketRepo,
  settings: RetentionSettings,
  times: { marketNow: number; wallNow: number },
): Promise<RetentionResult> {
  const before = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const policyCutoff = times.wallNow - settings.retentionPolicyDays * DAY_MS;
  const analysisCutoff = times.wallNow - settings.analysisRetentionDays * DAY_MS;
  const hourlyDays = Math.max(settings.retentionPolicyDays, MIN_HOURLY_RETENTION_DAYS);
  const keptAnalyses = sql`(
    select distinct on (pair_id) id from analyses
    where status = 'completed'
    order by pair_id, completed_at desc nulls last, created_at desc
  )`;

  const tickerLogs = await repo.countDeleted(
    sql`delete from ticker_logs where timestamp < ${before(times.marketNow - settings.retentionPolicyDays * DAY_MS)}`,
  );
  const minuteCandles = await repo.countDeleted(
    sql`delete from candles where interval = '1m' and open_time < ${before(times.marketNow - MINUTE_CANDLE_RETENTION_MS)}`,
  );
  const hourlyCandles = await repo.countDeleted(
    sql`delete from candles where interval = '1h' and open_time < ${before(times.marketNow - hourlyDays * DAY_MS)}`,
  );
  const analysisSnapshots = await repo.countDeleted(
    sql`delete from analysis_snapshots
        where snapshot_timestamp < ${before(analysisCutoff)} and analysis_id not in ${keptAnalyses}`,
  );
  const analyses = await repo.countDeleted(
    sql`delete from analyses where created_at < ${before(analysisCutoff)} and id not in ${keptAnalyses}`,
  );
  const actionLogs = await repo.countDeleted(
    sql`delete from action_logs where timestamp < ${before(policyCutoff)}`,
  );
  return { tickerLogs, minuteCandles, hourlyCandles, analyses, analysisSnapshots, actionLogs };
}
