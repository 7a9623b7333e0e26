/**
 * What market upkeep deletes: ticker logs after the retention policy, minute candles after 48 h,
 * hourly candles after the policy but never before MIN_HOURLY_RETENTION_DAYS. Aged on the market's
 * clock (the source's now). Analyses and logs are pruned by their own modules (see worker-retention).
 */
import { DAY_MS, HOUR_MS } from '../../shared/time';
import type { CandlesRepo } from './candles.repo';
import type { MarketRepo } from './market.repo';

export interface MarketRetentionResult {
  tickerLogs: number;
  minuteCandles: number;
  hourlyCandles: number;
}

/** One-minute candles are kept for 48 h (12-hour charts, scalps). */
export const MINUTE_CANDLE_RETENTION_MS = 48 * HOUR_MS;
/** Hourly candles are kept at least this long whatever the policy (the gate's 180 days + margin). */
export const MIN_HOURLY_RETENTION_DAYS = 200;

export async function pruneMarketData(
  repos: {
    market: Pick<MarketRepo, 'deleteTickerLogsBefore'>;
    candles: Pick<CandlesRepo, 'deleteCandlesBefore'>;
  },
  retentionPolicyDays: number,
  marketNow: number,
): Promise<MarketRetentionResult> {
  const hourlyDays = Math.max(retentionPolicyDays, MIN_HOURLY_RETENTION_DAYS);
  return {
    tickerLogs: await repos.market.deleteTickerLogsBefore(marketNow - retentionPolicyDays * DAY_MS),
    minuteCandles: await repos.candles.deleteCandlesBefore('1m', marketNow - MINUTE_CANDLE_RETENTION_MS),
    hourlyCandles: await repos.candles.deleteCandlesBefore('1h', marketNow - hourlyDays * DAY_MS),
  };
}
