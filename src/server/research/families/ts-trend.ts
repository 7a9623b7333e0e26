/**
 * Time-series trend on daily closes (the close of each day's 23:00 UTC hour). A rule is a state
 * per pair and day: +1 in an up-trend, −1 in a down-trend, 0 otherwise. A variant trades one side
 * and signals on every day its state holds; with one position per pair and side
 * (simulate-positions.ts) each signal renews the position, so it lasts as long as the trend.
 */
import type { Entry, Family, PairSeries, Side, Signal, Universe } from '../types';
import { decisionHours, lagged, sampleAt, trailingMax, trailingMean, trailingMin } from './features';
import { defineVariants, gridOf, sideOf, type SideName } from './variants';

export type TrendRule = 'ma' | 'breakout';

export interface TrendStates {
  /** +1 / −1 / 0 per day. */
  state: Int8Array;
  /** Signed distance of the close from the level it crossed (close / level − 1), NaN when flat. */
  strength: Float64Array;
}

/** A moving average or a channel may miss a fifth of its days (gaps) and still count. */
function minCountOf(days: number): number {
  return Math.ceil(0.8 * days);
}

/**
 * `ma`: the close against the mean of the last `days` closes (today's included).
 * `breakout` (Donchian on closes): the close above the highest / below the lowest of the `days`
 * closes before today.
 */
export function trendStates(dailyClose: Float64Array, rule: TrendRule, days: number): TrendStates {
  const n = dailyClose.length;
  const state = new Int8Array(n);
  const strength = new Float64Array(n).fill(NaN);
  const window = { window: days, minCount: minCountOf(days) };
  const upper = rule === 'ma' ? trailingMean(dailyClose, window) : lagged(trailingMax(dailyClose, window), 1);
  const lower = rule === 'ma' ? upper : lagged(trailingMin(dailyClose, window), 1);
  for (let d = 0; d < n; d++) {
    const c = dailyClose[d]!;
    if (c > upper[d]!) {
      state[d] = 1;
      strength[d] = c / upper[d]! - 1;
    } else if (c < lower[d]!) {
      state[d] = -1;
      strength[d] = c / lower[d]! - 1;
    }
  }
  return { state, strength };
}

/** The states of one pair on the universe's decision days. */
export function pairTrendStates(
  pair: PairSeries,
  hours: Int32Array,
  rule: TrendRule,
  days: number,
): TrendStates {
  return trendStates(sampleAt(pair.close, hours), rule, days);
}

/**
 * One day, renewed by every day the state holds: the harness keeps one position per pair and side
 * (simulate-positions.ts), so the position lasts as long as the trend and ends the day it does.
 */
export const TREND_HOLD_HOURS = 24;

type TsTrendParams = { rule: TrendRule; days: number; side: SideName; holdHours: number };

/**
 * One signal per pair and day whose trend state is `side`, entered as `enter` says (null skips
 * the day): the loop that ts-trend, vol-regime and maker-entry share.
 */
export function collectTrendSignals(o: {
  hours: Int32Array;
  states: readonly TrendStates[];
  side: Side;
  holdHours: number;
  enter(pair: number, day: number): Entry | null;
}): Signal[] {
  const signals: Signal[] = [];
  for (let d = 0; d < o.hours.length; d++) {
    for (let p = 0; p < o.states.length; p++) {
      const { state, strength } = o.states[p]!;
      if (state[d] !== o.side) continue;
      const entry = o.enter(p, d);
      if (!entry) continue;
      const score = o.side * strength[d]!;
      signals.push({ pair: p, at: o.hours[d]!, side: o.side, entry, holdHours: o.holdHours, score });
    }
  }
  return signals;
}

export const MARKET_ENTRY: Entry = { kind: 'market' };

function tsTrendSignals(universe: Universe, params: TsTrendParams): Signal[] {
  const hours = decisionHours(universe);
  return collectTrendSignals({
    hours,
    states: universe.pairs.map((pair) => pairTrendStates(pair, hours, params.rule, params.days)),
    side: sideOf(params.side),
    holdHours: params.holdHours,
    enter: () => MARKET_ENTRY,
  });
}

export const tsTrend: Family = {
  name: 'ts-trend',
  rationale:
    'Crypto prices trend over days to weeks: news and flows diffuse slowly through a retail-heavy ' +
    'market and leveraged positions are forced out in the direction of the move, so a pair above its ' +
    '20- or 50-day average (or at a 20/50-day high) tends to keep rising for a while, and the reverse ' +
    'for shorts. The edge, where it exists, is concentrated in a few large moves while whipsaws in ' +
    'sideways markets each pay the ~0.5-0.8 % round trip; shorts also fight crypto’s long-run drift.',
  variants: defineVariants({
    family: 'ts-trend',
    grid: gridOf<TsTrendParams>({
      rule: ['ma', 'breakout'],
      days: [5, 10, 20, 50],
      side: ['long', 'short'],
      holdHours: [TREND_HOLD_HOURS],
    }),
    signals: tsTrendSignals,
  }),
};
