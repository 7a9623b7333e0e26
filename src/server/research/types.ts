/**
 * The research harness's data shapes. Research code is pure: typed arrays in, numbers out, no
 * clock, no files, no randomness without a seed.
 *
 * Time is an index on the universe's common hour grid: hour `h` is the candle that opens at
 * `universe.start + h × 1 h`. A family decides at the close of hour `h`, so it may read candles
 * 0…h and nothing after; its trade enters at the open of hour h + 1 at the earliest.
 */

/**
 * One pair's hourly candles on the universe grid. NaN where the pair has no candle: before its
 * listing (so no pair is seen before it existed — no survivorship) and in exchange gaps.
 */
export interface PairSeries {
  symbol: string;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  /** Base-asset volume. */
  volume: Float64Array;
}

export interface Universe {
  /** Open time (epoch ms) of hour 0. */
  start: number;
  /** Length of the grid in hours; every series has this length. */
  hours: number;
  pairs: PairSeries[];
}

export type Side = 1 | -1;

/**
 * How a signal enters: at market (taker) or with a resting limit order (maker when it fills while
 * resting; one already marketable on arrival crosses the spread as a taker).
 */
export type Entry =
  | { kind: 'market' }
  /** A limit order at `price`, resting from the open of hour at + 1 for `validHours` hours. */
  | { kind: 'limit'; price: number; validHours: number };

/** A family's decision at the close of hour `at`, from candles 0…at only. */
export interface Signal {
  /** Index into `universe.pairs`. */
  pair: number;
  at: number;
  side: Side;
  entry: Entry;
  /** Hours from entry to the exit at market, unless an exit level is hit first. */
  holdHours: number;
  /** Optional exit levels as prices. */
  takeProfit?: number;
  stopLoss?: number;
  /** The family's own score for ranking (higher = stronger), when it has one. */
  score?: number;
}

export type ExitReason = 'take_profit' | 'stop_loss' | 'horizon' | 'data_end';

export interface Trade {
  pair: number;
  side: Side;
  /** Decision hour (the signal's `at`). */
  at: number;
  /** Hour index of the fill (its open for market entries, the hour the limit traded through). */
  entryHour: number;
  /** Hour index whose close (or level) ended the trade. */
  exitHour: number;
  /** Candle prices, before slippage: slippage and fees are all in `costs`. */
  entryPrice: number;
  exitPrice: number;
  maker: boolean;
  exit: ExitReason;
  /** side × (exit / entry − 1), before costs. */
  grossReturn: number;
  /** Fees and slippage of both legs, as a fraction of the entry. */
  costs: number;
  netReturn: number;
}

/** Fees in percent of notional per leg. */
export interface FeeSchedule {
  name: string;
  makerPercent: number;
  takerPercent: number;
}

/** One configuration of a family: the unit the deflated Sharpe and PBO count as a trial. */
export interface Variant {
  family: string;
  /** Unique within the family, e.g. `ma=20d,hold=72h`. */
  name: string;
  params: Record<string, number | string>;
  /** Every signal the variant makes on the universe (must not read past each signal's `at`). */
  signals(universe: Universe): Signal[];
}

export interface Family {
  name: string;
  /** Why this family might earn more than its costs: the economic story, in a few sentences. */
  rationale: string;
  variants: Variant[];
}
