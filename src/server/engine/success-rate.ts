/**
 * Success rate: how often this same setup (pair, direction, horizon, trend state, heat band, and
 * whether risk was high) reached take-profit before stop-loss within its horizon in the pair's own
 * past, shrunk toward broader rates when the sample is thin. Three levels, each a Beta prior for the
 * next:
 *
 *   base  = the setup's exits traded BOTH ways (buy and sell) at every past hour: what exits this
 *           wide, over this horizon, give on this pair with no directional view at all
 *   state = both ways, only at past hours in the same market state (trend, heat band, high risk or
 *           not): the state's volatility regime decides how often exits are reached at all
 *   cell  = the setup's own side in that state                               → successRate
 *
 * each shrunk toward the level above with a prior worth 100 effective trades. Why this shape: the
 * market state changes hit rates mechanically (busy markets reach their exits, quiet ones time out),
 * so it is the natural prior for a direction, whose edge over the two-sided rate is small and
 * unstable; shrinking toward the setup's own all-hours rate instead biased busy states low. Why 100:
 * about a month of day trades; walk-forward on both candle sets (docs/signals.md), weaker priors
 * let noisy cells spread the predictions too wide (low predictions came true more often than said).
 *
 * Overlapping trades resolve on shared candles, so n consecutive samples are worth far fewer than n
 * independent ones: each level counts n / (mean hours to resolution) effective samples. Only trades
 * whose whole horizon ended by the analysed candle are used, so nothing after it is read.
 *
 * The same replay gives everything expected profit needs (`expectedProfitOf`): the share of trades
 * that hit the stop-loss, the share that timed out, and the mean return of the timeouts, each shrunk
 * through the same three levels with the same priors. The take-profit share is the success rate
 * itself, and the stop and timeout shares use the same effective counts, so the three always sum to
 * one. Timeout returns are measured in units of the trade's own stop distance (R), as exits scale with
 * ATR; their mean is shrunk with the timeouts alone as evidence (each lasted the full horizon, so
 * n timeouts count n / horizon effective trades), toward the both-ways mean of all past timeouts.
 */
import type { HeatBand } from './heat';
import { WARMUP_CANDLES, type MarketSeries } from './market-series';
import { labelOutcome, type Outcome } from './outcomes';
import type { SetupStates } from './setup-states';
import { HORIZONS, exitsFor, sideOf } from './setups';
import type { Direction, Horizon, Trend } from './types';

/** Prior strengths, in effective trades: how much evidence it takes to move halfway off the prior. */
export const SHRINKAGE = { stateTowardBase: 100, cellTowardState: 100 } as const;

export interface Tally {
  n: number;
  wins: number;
  /** Sum of hours to resolution. */
  hours: number;
}

export interface SuccessEstimate {
  /** 0-1, shrunk. */
  successRate: number;
  /** Past trades of this setup in the same state. */
  sampleSize: number;
  cellSuccesses: number;
  cellEffectiveSample: number;
  /** Both-ways rate in the same state, shrunk toward base, 0-1. */
  stateRate: number;
  /** Both-ways rate over all past hours, 0-1. */
  baseRate: number;
  /** Past hours behind the base rate. */
  historySize: number;
  /** Shrunk share of past trades that hit the stop-loss first, 0-1. */
  stopLossRate: number;
  /** Shrunk share that reached neither exit within the horizon, 0-1 (= 1 − success − stop-loss). */
  timeoutRate: number;
  /** Shrunk mean return of a timed-out trade before fees, in units of its stop distance (R). */
  timeoutReturnR: number;
  /** Past trades of this setup in the same state that timed out. */
  cellTimeouts: number;
}

/** A level of the backtest: outcome counts and the timeouts' summed return in R. */
interface OutcomeTally extends Tally {
  stops: number;
  timeouts: number;
  /** Σ timeout return / stop distance, over the timeouts. */
  timeoutR: number;
}

const tally = (): OutcomeTally => ({ n: 0, wins: 0, hours: 0, stops: 0, timeouts: 0, timeoutR: 0 });
const add = (t: OutcomeTally, o: Outcome, sl: number) => {
  t.n++;
  t.hours += o.hours;
  if (o.result === 'tp') t.wins++;
  else if (o.result === 'sl') t.stops++;
  else {
    // a timeout: the backtest replays only trades whose horizon has ended, so never 'unknown'
    t.timeouts++;
    t.timeoutR += o.returnFraction / sl;
  }
};

/** Beta-posterior mean with overlap-discounted counts: a prior worth `strength` effective samples. */
export function shrunkRate(t: Tally, prior: number, strength: number): { rate: number; effective: number } {
  if (t.n === 0) return { rate: prior, effective: 0 };
  const effective = t.n / Math.max(1, t.hours / t.n);
  const rate = ((t.wins / t.n) * effective + prior * strength) / (effective + strength);
  return { rate, effective };
}

/**
 * Mean of the timed-out trades' returns (R), shrunk toward `prior` with a prior worth `strength`
 * effective trades. Every timeout lasted the full horizon, so k timeouts count k / horizon.
 */
export function shrunkTimeoutReturn(
  t: { timeouts: number; timeoutR: number },
  horizonHours: number,
  prior: number,
  strength: number,
): { mean: number; effective: number } {
  if (t.timeouts === 0) return { mean: prior, effective: 0 };
  const effective = t.timeouts / Math.max(1, horizonHours);
  const mean = ((t.timeoutR / t.timeouts) * effective + prior * strength) / (effective + strength);
  return { mean, effective };
}

/**
 * Expected net return of taking the signal, percent of the entry: every way the trade can end,
 * weighted by how often the same setup ended that way in the pair's past, minus round-trip fees:
 *
 *   P(tp) × TP % − P(sl) × SL % + P(timeout) × E[return | timeout] − fees
 *
 * With timeout returns in R this is the shrunk mean R of the setup's past trades × today's stop %.
 */
export function expectedProfitOf(
  estimate: Pick<SuccessEstimate, 'successRate' | 'stopLossRate' | 'timeoutRate' | 'timeoutReturnR'>,
  exits: { takeProfitPercent: number; stopLossPercent: number },
  roundTripFeePercent: number,
): number {
  return (
    estimate.successRate * exits.takeProfitPercent -
    estimate.stopLossRate * exits.stopLossPercent +
    estimate.timeoutRate * estimate.timeoutReturnR * exits.stopLossPercent -
    roundTripFeePercent
  );
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
  const base = tally();
  const state = tally();
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
    add(base, buy, sl);
    add(base, sell, sl);
    const sameState =
      states.trend[j] === input.trend &&
      states.heatBand[j] === input.heatBand &&
      states.highRisk[j] === input.highRisk;
    if (!sameState) continue;
    add(state, buy, sl);
    add(state, sell, sl);
    const own = sideOf(direction, s.close[j]!, s.bbMiddle[j]!) === 'buy' ? buy : sell;
    add(cell, own, sl);
  }
  const { stateTowardBase, cellTowardState } = SHRINKAGE;
  const baseRate = base.n > 0 ? base.wins / base.n : input.fallbackRate;
  const stateRate = shrunkRate(state, baseRate, stateTowardBase).rate;
  const cellEstimate = shrunkRate(cell, stateRate, cellTowardState);
  // Stop-loss share: the same shrinkage with stops counted instead of wins. Without any history the
  // fallback splits all trades between the two exits (no timeouts), the old conservative reading.
  const stops = (t: OutcomeTally): Tally => ({ n: t.n, wins: t.stops, hours: t.hours });
  const baseStops = base.n > 0 ? base.stops / base.n : 1 - input.fallbackRate;
  const stateStops = shrunkRate(stops(state), baseStops, stateTowardBase).rate;
  const stopLossRate = shrunkRate(stops(cell), stateStops, cellTowardState).rate;
  const baseTimeoutR = base.timeouts > 0 ? base.timeoutR / base.timeouts : 0;
  const stateTimeoutR = shrunkTimeoutReturn(state, hours, baseTimeoutR, stateTowardBase).mean;
  const timeoutReturnR = shrunkTimeoutReturn(cell, hours, stateTimeoutR, cellTowardState).mean;
  return {
    successRate: cellEstimate.rate,
    sampleSize: cell.n,
    cellSuccesses: cell.wins,
    cellEffectiveSample: cellEstimate.effective,
    stateRate,
    baseRate,
    historySize: base.n / 2,
    stopLossRate,
    // Rounding can leave a hair below zero when every past trade hit an exit.
    timeoutRate: Math.max(0, 1 - cellEstimate.rate - stopLossRate),
    timeoutReturnR,
    cellTimeouts: cell.timeouts,
  };
}
