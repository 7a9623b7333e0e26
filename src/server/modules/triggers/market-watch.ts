/**
 * Market triggers (breakout, volume_spike, threshold_adjust) of one pair, evaluated after new
 * hourly candles. A trigger fires at most once per candle (its `last_seen.candleTime`, claimed
 * atomically, so several workers never double-fire) and not again within its cooldown.
 */
import type { Candle } from '../../engine/types';
import { detectBreakout, detectRsiCross, detectVolumeSpike, type MarketSignal } from './market-rules';
import { numericOption, type TriggerRow } from './trigger-options';
import type { FiredTrigger, MarketThresholds, WatchContext } from './triggers.types';

export const MARKET_TRIGGER_TYPES = ['breakout', 'volume_spike', 'threshold_adjust'] as const;
export type MarketTriggerType = (typeof MARKET_TRIGGER_TYPES)[number];

export const DEFAULT_MARKET_COOLDOWN_MINUTES = 180;

export async function evaluateMarketTriggers(
  ctx: WatchContext,
  thresholds: () => Promise<MarketThresholds>,
  pair: string,
  hourly: readonly Candle[],
): Promise<FiredTrigger[]> {
  const last = hourly.at(-1);
  if (!last) return [];
  const rows = await ctx.repo.listActive(MARKET_TRIGGER_TYPES, pair);
  if (rows.length === 0) return [];
  const config = await thresholds();
  const fired: FiredTrigger[] = [];
  for (const row of rows) {
    const seenCandle = row.lastSeen?.candleTime;
    if (typeof seenCandle === 'number' && last.time <= seenCandle) continue;
    const cooldownMs = numericOption(row, 'cooldown', DEFAULT_MARKET_COOLDOWN_MINUTES) * 60_000;
    if (row.lastFiredAt && ctx.clock() - row.lastFiredAt.getTime() < cooldownMs) continue;
    const signal = detect(row, hourly, config);
    if (!signal) continue;
    if (!(await ctx.repo.claimLastSeen(row.id, row.lastSeen, { candleTime: last.time }))) continue;
    fired.push(await ctx.fire(row, signal.reason, { details: signal.details }));
  }
  return fired;
}

function detect(row: TriggerRow, hourly: readonly Candle[], config: MarketThresholds): MarketSignal | null {
  const type = row.type as MarketTriggerType;
  switch (type) {
    case 'breakout':
      return detectBreakout(hourly, numericOption(row, 'move', config.volatilityThreshold));
    case 'volume_spike':
      return detectVolumeSpike(hourly, numericOption(row, 'multiplier', config.volumeSpikeMultiplier));
    case 'threshold_adjust':
      return detectRsiCross(hourly, numericOption(row, 'rsi', config.rsiThreshold));
    default: {
      const unreachable: never = type;
      throw new Error(`not a market trigger: ${String(unreachable)}`);
    }
  }
}
