/**
 * A trigger row as the API shows it, and the per-trigger overrides of the global thresholds.
 *
 * Overrides: the admin form only carries keywords (and `parameters.timeframe`), so a market or
 * sentiment trigger takes `name=value` (or `name:value`) keywords; a numeric field of the same name
 * in `parameters` (set programmatically) is read too, a keyword wins. Invalid values are ignored.
 *   breakout          move=2.5       minimum 24 h move in % (default: autoAnalysisConfig.volatilityThreshold)
 *   volume_spike      multiplier=4   × the 7-day median hourly volume (default: volumeSpikeMultiplier)
 *   threshold_adjust  rsi=75         overbought level, oversold = 100 − it (default: rsiThreshold)
 *   sentiment         score=4        minimum |sentiment score| (default 3)
 *   market types      cooldown=60    minutes before the same trigger may fire again (default 180)
 */
import type { TriggerRecord } from '../../../contract/admin-triggers';
import { timeframeSchema, type Timeframe } from '../../../contract/enums';
import type { triggers } from '../../db/schema';

export type TriggerRow = typeof triggers.$inferSelect;

export function toTriggerRecord(row: TriggerRow): TriggerRecord {
  const timeframe = timeframeOf(row);
  return {
    id: row.id,
    type: row.type,
    symbol: row.symbol,
    source: row.source,
    keywords: row.keywords,
    active: row.active,
    parameters: timeframe ? { timeframe } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function timeframeOf(row: Pick<TriggerRow, 'parameters'>): Timeframe | undefined {
  const parsed = timeframeSchema.safeParse(row.parameters.timeframe);
  return parsed.success ? parsed.data : undefined;
}

type OptionName = 'move' | 'multiplier' | 'rsi' | 'score' | 'cooldown';

const VALID: Record<OptionName, (v: number) => boolean> = {
  move: (v) => v >= 0,
  multiplier: (v) => v >= 1,
  rsi: (v) => v > 50 && v < 100,
  score: (v) => v > 0,
  cooldown: (v) => v >= 0,
};

/** The trigger's override for `name`, or `fallback`. */
export function numericOption(
  row: Pick<TriggerRow, 'keywords' | 'parameters'>,
  name: OptionName,
  fallback: number,
): number {
  const candidates: unknown[] = [row.parameters[name]];
  for (const keyword of row.keywords) {
    const match = /^\s*([a-z]+)\s*[=:]\s*(-?\d+(?:\.\d+)?)\s*$/i.exec(keyword);
    if (match?.[1]?.toLowerCase() === name) candidates.push(Number(match[2]));
  }
  const valid = candidates.filter(
    (v): v is number => typeof v === 'number' && Number.isFinite(v) && VALID[name](v),
  );
  return valid.at(-1) ?? fallback;
}

/** Keywords that are overrides (`name=value`) are not words to look for in feed items. */
export function searchKeywords(keywords: readonly string[]): string[] {
  return keywords.filter((k) => !/^\s*[a-z]+\s*[=:]\s*-?\d+(?:\.\d+)?\s*$/i.test(k));
}
