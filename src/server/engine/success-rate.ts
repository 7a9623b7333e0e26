/**
 * Success rate: how often this same setup (pair, direction, horizon, trend state, heat band) reached
 * take-profit before stop-loss within its horizon in the pair's own past, shrunk toward broader rates
 * when the sample is thin. Hierarchy (each level a Beta prior for the next):
 *
 *   base   = the same exits traded both ways at every past hour (drift-free: what the exits alone give)
 *   pair   = this setup's side rule at every past hour, shrunk toward base
 *   cell   = only past hours in the same state (trend, heat band, high risk or not), shrunk toward pair
 *
 * Overlapping trades resolve on shared candles, so n consecutive samples are worth far fewer than n
 * independent ones. Each level counts n / (mean hours to resolution) effective samples, which keeps
 * a month of near-identical hourly samples from looking like certainty. Only trades whose whole
 * horizon ended by the analysed candle are used: nothing after it is read.
 */
import type { HeatBand } from './heat';
import { WARMUP_CANDLES, type MarketSeries } from './market-series';
import { labelOutcome } from './outcomes';
import type { SetupStates } from './setup-states';
import { HORIZONS, exitsFor, sideOf } from './setups';
import type { Direction, Horizon, Trend } from './types';

/** Prior strengths, in effective samples: how much evidence it takes to move halfway off the prior. */
export const SHRINKAGE = { pairTowardBase: 30, cellTowardPair: 30 } as const;

export interface SuccessEstimate {
  /** 0-1, shrunk. */
  successRate: number;
  /** Past trades in the same cell. */
  sampleSize: number;
  cellSuccesses: number;
  cellEffectiveSample: number;
  /** Rate of the setup over all past hours (shrunk toward base), 0-1. */
  pairRate: number;
  pairSampleSize: number;
  /** Drift-free rate of the exits alone, 0-1. */
  baseRate: number;
}

export interface Tally {
  n: number;
  wins: number;
  /** Sum of hours to resolution. */
  hours: number;
}

const tally = (): Tally => ({ n: 0, wins: 0, hours: 0 });
const add = (t: Tally, win: boolean, hours: number) => {
  t.n++;
  if (win) t.wins++;
  t.hours += hours;
};

/** Beta-posterior mean with overlap-discounted counts: a prior worth `strength` effective samples. */
export function shrunkRate(t: Tally, prior: number, strength: number): { rate: number; effective: number } {
  if (t.n === 0) return { rate: prior, effective: 0 };
  const effective = t.n / Math.max(1, t.hours / t.n);
  const rate = ((t.wins / t.n) * effective + prior * strength) / (effective + strength);
  return { rate, effective };
}

export function estimateSuccess(input: {
  series: MarketSeries;
  /** Index of the analysed candle. */
  end: number;
  states: SetupStates;
  horizon: Horizon;
  direction: Direction;
  trend: Trend;
  heatBand: HeatBand;
  highRisk: boolean;
  roundTripFeePercent: number;
  /** Used when the history is too short for any past trade. */
  fallbackRate: number;
}): SuccessEstimate {
  const { series: s, end, states, horizon, direction } = input;
  const hours = HORIZONS[horizon].hours;
  const both = tally();
  const pair = tally();
  const cell = tally();
  const lastEntry = s.time[end]! - hours * 3_600_000;
  for (let j = WARMUP_CANDLES; j < end && s.time[j]! <= lastEntry; j++) {
    const atrPercent = (s.atr[j]! / s.close[j]!) * 100;
    if (!Number.isFinite(atrPercent)) continue;
    const exits = exitsFor({
      horizon,
      direction,
      atrPercent,
      roundTripFeePercent: input.roundTripFeePercent,
    });
    const tp = exits.takeProfitPercent / 100;
    const sl = exits.stopLossPercent / 100;
    const buy = labelOutcome(s, j, 'buy', tp, sl, hours);
    const sell = labelOutcome(s, j, 'sell', tp, sl, hours);
    add(both, buy.result === 'tp', buy.hours);
    add(both, sell.result === 'tp', sell.hours);
    const own = sideOf(direction, s.close[j]!, s.bbMiddle[j]!) === 'buy' ? buy : sell;
    add(pair, own.result === 'tp', own.hours);
    if (
      states.trend[j] === input.trend &&
      states.heatBand[j] === input.heatBand &&
      states.highRisk[j] === input.highRisk
    )
      add(cell, own.result === 'tp', own.hours);
  }
  const baseRate = both.n > 0 ? both.wins / both.n : input.fallbackRate;
  const pairRate = shrunkRate(pair, baseRate, SHRINKAGE.pairTowardBase).rate;
  const cellEstimate = shrunkRate(cell, pairRate, SHRINKAGE.cellTowardPair);
  return {
    successRate: cellEstimate.rate,
    sampleSize: cell.n,
    cellSuccesses: cell.wins,
    cellEffectiveSample: cellEstimate.effective,
    pairRate,
    pairSampleSize: pair.n,
    baseRate,
  };
}
