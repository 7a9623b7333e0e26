/**
 * The record of what the gate published: the figures the goal is judged by. Mean net return with an
 * overlap-safe t (daily exit sums over the publishing span, HAC lags over the longest holding), the
 * hit rate, how well the offers' expected profit ranks outcomes (top fifth minus bottom fifth) and
 * how well their success rate forecasts them (Brier skill, calibration error in points).
 */
import { brierSkill, calibrationMae, neweyWestTStat, quintileSpread } from './stats';
import type { PublishedSignal } from './walk-forward-gate';

export interface PublishedSummary {
  signals: number;
  meanNetPercent: number;
  tStat: number;
  hitRate: number;
  /** Realised mean of the top fifth by expected profit minus the bottom fifth, in points. */
  quintileSpread: number;
  quintileSpreadT: number;
  brierSkill: number;
  /** Mean gap between predicted success and realised share, over 10 bins, in points. */
  calibrationMae: number;
}

const DAY_HOURS = 24;

export function summarizePublished(published: readonly PublishedSignal[]): PublishedSummary {
  const n = published.length;
  if (n === 0)
    return {
      signals: 0,
      meanNetPercent: NaN,
      tStat: NaN,
      hitRate: NaN,
      quintileSpread: NaN,
      quintileSpreadT: NaN,
      brierSkill: NaN,
      calibrationMae: NaN,
    };
  const firstDay = Math.floor(Math.min(...published.map((p) => p.exitHour)) / DAY_HOURS);
  const lastDay = Math.floor(Math.max(...published.map((p) => p.exitHour)) / DAY_HOURS);
  const daily = new Float64Array(lastDay - firstDay + 1);
  let longest = 1;
  for (const p of published) {
    daily[Math.floor(p.exitHour / DAY_HOURS) - firstDay]! += p.realisedNetPercent;
    longest = Math.max(longest, p.exitHour - p.entryHour + 1);
  }
  const lags = Math.ceil(longest / DAY_HOURS);
  const predicted = published.map((p) => p.predictedNetPercent);
  const realised = published.map((p) => p.realisedNetPercent);
  const outcomes = published.map((p) => (p.succeeded ? 1 : 0));
  const hitForecasts = published.map((p) => p.predictedHitRate);
  const spread =
    n >= 5
      ? quintileSpread({
          predicted,
          realised,
          overlap: { periods: published.map((p) => Math.floor(p.exitHour / DAY_HOURS)), lags },
        })
      : undefined;
  return {
    signals: n,
    meanNetPercent: realised.reduce((a, b) => a + b, 0) / n,
    tStat: neweyWestTStat(daily, lags).t,
    hitRate: outcomes.reduce<number>((a, b) => a + b, 0) / n,
    quintileSpread: spread?.spread ?? NaN,
    quintileSpreadT: spread?.t ?? NaN,
    brierSkill: brierSkill(hitForecasts, outcomes),
    calibrationMae: 100 * calibrationMae(hitForecasts, outcomes, 10),
  };
}
