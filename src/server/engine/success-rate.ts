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
 * each shrunk toward the level above with a Beta prior whose weight is estimated from the same past
 * trades (empirical Bayes, `priorWeight`): at each level the observed rates of all its cells (every
 * state around the base; both sides of every state around that state) scatter around their parents
 * by their sampling noise plus the true between-cell variance τ²; the method of moments gives τ², and
 * the prior is worth k = p̄(1 − p̄) / τ² effective trades, clamped to PRIOR_WEIGHT. Where cells
 * genuinely differ (a market with persistent trends, where trend-following hits its target more
 * often) k is small and a well-filled cell keeps its own rate; where they differ by noise only (the
 * real candle sets, mostly) k is large and every cell is pulled hard toward its parent. Why this
 * shape: the market state changes hit rates mechanically (busy markets reach their exits, quiet ones
 * time out), so it is the natural prior for a direction; shrinking toward the setup's own all-hours
 * rate instead biased busy states low. Up to 1.1.0 both weights were a fixed 100.
 *
 * Overlapping trades resolve on shared candles, so n consecutive samples are worth far fewer than n
 * independent ones: each level counts n / (mean hours to resolution) effective samples. Only trades
 * whose whole horizon ended by the analysed candle are used, so nothing after it is read.
 *
 * The same replay gives everything expected profit needs (`expectedProfitOf`): the share of trades
 * that hit the stop-loss, the share that timed out, and the mean return of the timeouts, each shrunk
 * through the same three levels with the same prior weights. The take-profit share is the success rate
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

/**
 * Bounds of the empirical-Bayes prior weights (`priorWeight`), in effective trades: how much evidence
 * it takes to move halfway off the level above. The floor, 10, keeps a cell of a few effective trades
 * (a week or two of day trades) from setting its own rate even where cells differ a lot, as τ² from
 * 90 days and 18 states is itself noisy; the ceiling, 400, is where the parent already outweighs any
 * cell 90 days can fill (rarely over 150 effective trades), so a larger prior would change nothing but
 * stop a genuinely different large cell from showing.
 */
export const PRIOR_WEIGHT = { min: 10, max: 400 } as const;

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
  /** Empirical-Bayes prior weight of the state toward the base, effective trades. */
  statePriorWeight: number;
  /** Empirical-Bayes prior weight of the setup's side toward the state, effective trades. */
  cellPriorWeight: number;
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

/** A cell of one shrinkage level, as the empirical-Bayes weight of that level sees it. */
export interface LevelCell {
  tally: Tally;
  /** The raw rate of the level above that the cell is compared with, 0-1. */
  parentRate: number;
  /** The cell's share of the trades behind `parentRate` (0-1): its own noise is partly in the parent. */
  parentShare: number;
}

/**
 * Empirical-Bayes prior weight of a level, in effective trades, by the method of moments: the
 * observed cell rates scatter around their parents by the true between-cell variance τ² plus their
 * own sampling noise, so
 *
 *   τ² = max(0, Σ nᵢ (rᵢ − mᵢ)² / Σ nᵢ − Σ mᵢ(1 − mᵢ)(1 − hᵢ) / Σ nᵢ)
 *
 * (nᵢ effective trades, rᵢ the cell's raw rate, mᵢ its parent's, hᵢ the cell's share of the parent,
 * whose own noise the parent already carries), and a Beta prior with that spread around p̄ is worth
 * k = p̄(1 − p̄) / τ² trades, with p̄(1 − p̄) the n-weighted mean of mᵢ(1 − mᵢ). Clamped to
 * PRIOR_WEIGHT; with no scatter beyond the noise (or fewer than two cells) it is the maximum.
 */
export function priorWeight(cells: readonly LevelCell[]): number {
  let weight = 0;
  let scatter = 0;
  let noise = 0;
  let spread = 0;
  let count = 0;
  for (const { tally: t, parentRate: m, parentShare: h } of cells) {
    if (t.n === 0) continue;
    const n = t.n / Math.max(1, t.hours / t.n);
    weight += n;
    scatter += n * (t.wins / t.n - m) ** 2;
    noise += m * (1 - m) * (1 - h);
    spread += n * m * (1 - m);
    count++;
  }
  if (count < 2 || weight === 0) return PRIOR_WEIGHT.max;
  const tau2 = Math.max(0, (scatter - noise) / weight);
  const k = tau2 > 0 ? spread / weight / tau2 : Infinity;
  return Math.min(PRIOR_WEIGHT.max, Math.max(PRIOR_WEIGHT.min, k));
}

const TRENDS: readonly Trend[] = ['bullish', 'bearish', 'neutral'];
const BANDS: readonly HeatBand[] = ['calm', 'warm', 'hot'];
const STATE_COUNT = TRENDS.length * BANDS.length * 2;
const stateIndex = (trend: Trend, band: HeatBand, highRisk: boolean) =>
  (TRENDS.indexOf(trend) * BANDS.length + BANDS.indexOf(band)) * 2 + (highRisk ? 1 : 0);

const merge = (a: OutcomeTally, b: OutcomeTally): OutcomeTally => ({
  n: a.n + b.n,
  wins: a.wins + b.wins,
  hours: a.hours + b.hours,
  stops: a.stops + b.stops,
  timeouts: a.timeouts + b.timeouts,
  timeoutR: a.timeoutR + b.timeoutR,
});
const rateOf = (t: Tally) => t.wins / t.n;

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
  // Per market state: the setup's own side and the other side, at every past hour in that state.
  const own = Array.from({ length: STATE_COUNT }, tally);
  const other = Array.from({ length: STATE_COUNT }, tally);
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
    const k = stateIndex(states.trend[j]!, states.heatBand[j]!, states.highRisk[j]!);
    const ownIsBuy = sideOf(direction, s.close[j]!, s.bbMiddle[j]!) === 'buy';
    add(own[k]!, ownIsBuy ? buy : sell, sl);
    add(other[k]!, ownIsBuy ? sell : buy, sl);
  }
  const stateTallies = own.map((t, k) => merge(t, other[k]!));
  const base = stateTallies.reduce(merge, tally());
  const current = stateIndex(input.trend, input.heatBand, input.highRisk);
  const state = stateTallies[current]!;
  const cell = own[current]!;

  // Prior weights from the success counts of the same past trades (empirical Bayes, see priorWeight):
  // states scattered around the base rate, then each state's two sides around that state's rate.
  const baseRate = base.n > 0 ? rateOf(base) : input.fallbackRate;
  const stateWeight = priorWeight(
    stateTallies.map((t) => ({ tally: t, parentRate: baseRate, parentShare: t.n / Math.max(1, base.n) })),
  );
  const cellWeight = priorWeight(
    stateTallies.flatMap((t, k) =>
      t.n === 0
        ? []
        : [own[k]!, other[k]!].map((side) => ({
            tally: side,
            parentRate: rateOf(t),
            parentShare: side.n / t.n,
          })),
    ),
  );

  const stateRate = shrunkRate(state, baseRate, stateWeight).rate;
  const cellEstimate = shrunkRate(cell, stateRate, cellWeight);
  // Stop-loss share: the same shrinkage with stops counted instead of wins. Without any history the
  // fallback splits all trades between the two exits (no timeouts), the old conservative reading.
  const stops = (t: OutcomeTally): Tally => ({ n: t.n, wins: t.stops, hours: t.hours });
  const baseStops = base.n > 0 ? base.stops / base.n : 1 - input.fallbackRate;
  const stateStops = shrunkRate(stops(state), baseStops, stateWeight).rate;
  const stopLossRate = shrunkRate(stops(cell), stateStops, cellWeight).rate;
  const baseTimeoutR = base.timeouts > 0 ? base.timeoutR / base.timeouts : 0;
  const stateTimeoutR = shrunkTimeoutReturn(state, hours, baseTimeoutR, stateWeight).mean;
  const timeoutReturnR = shrunkTimeoutReturn(cell, hours, stateTimeoutR, cellWeight).mean;
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
    statePriorWeight: stateWeight,
    cellPriorWeight: cellWeight,
  };
}
