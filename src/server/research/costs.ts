/**
 * Trading costs: exchange fees per leg and slippage from the bid-ask spread.
 *
 * Candles carry no quotes, so the spread is estimated from OHLC with the close-high-low estimator
 * of Abdi & Ranaldo (2017), "A Simple Estimation of Bid-Ask Spreads from Daily Close, High, and Low
 * Prices", Review of Financial Studies 30(12), 4437–4480. With c_t the log close and
 * η_t = (log high_t + log low_t) / 2 the log mid-range, E[(c_t − η_t)(c_t − η_{t+1})] = s²/4: the
 * close sits half a spread off the efficient price, while the mid-ranges do not. We use their
 * pooled form ŝ = √max(0, 4 · mean over the window of (c_t − η_t)(c_t − η_{t+1})) — negative
 * covariance means "no spread detected" — rather than the average of per-pair roots, which is
 * biased upward far more when the spread is small next to the volatility.
 *
 * On hourly candles of liquid pairs that is the usual case: the estimator's sampling noise (several
 * basis points at 0.5 % hourly volatility over 30 days) exceeds the true spread, so the estimate
 * sits at the floor about half the time and errs high otherwise. We accept that bias: it only
 * overstates costs.
 *
 * The estimate for a decision at the close of hour h uses hours h − window + 1 … h only (no
 * lookahead). Below `minObservations` products the spread is unknown and taken at the cap: a pair
 * too new to measure is assumed expensive, never cheap. A market leg pays half the spread; a maker
 * (resting limit) fill pays none.
 */
import type { FeeSchedule, PairSeries, Universe } from './types';

/** Kraken Pro's current entry tier (the lowest 30-day volume). */
export const KRAKEN_CURRENT: FeeSchedule = { name: 'kraken-current', makerPercent: 0.25, takerPercent: 0.4 };
/** Kraken's former entry tier, for comparison with older results. */
export const KRAKEN_LEGACY: FeeSchedule = { name: 'kraken-legacy', makerPercent: 0.16, takerPercent: 0.26 };
export const FEE_SCHEDULES: readonly FeeSchedule[] = [KRAKEN_CURRENT, KRAKEN_LEGACY];

/**
 * The schedule of a configured taker fee (TAKER_FEE_PERCENT): Kraken's schedule with that taker
 * fee, or, for any other figure, a schedule that assumes no maker discount.
 */
export function feeScheduleForTaker(takerPercent: number): FeeSchedule {
  return (
    FEE_SCHEDULES.find((f) => f.takerPercent === takerPercent) ?? {
      name: `taker-${takerPercent}`,
      makerPercent: takerPercent,
      takerPercent,
    }
  );
}

export function findFeeSchedule(name: string): FeeSchedule {
  const found = FEE_SCHEDULES.find((f) => f.name === name);
  if (!found)
    throw new Error(`unknown fee schedule "${name}" (known: ${FEE_SCHEDULES.map((f) => f.name).join(', ')})`);
  return found;
}

/** Slippage per market leg as a fraction of price (half the spread), as known at the close of `at`. */
export type SlippageModel = (pair: number, at: number) => number;

export function createConstantSlippage(halfSpread: number): SlippageModel {
  if (!(halfSpread >= 0)) throw new RangeError(`slippage must be ≥ 0, got ${halfSpread}`);
  return () => halfSpread;
}

export interface SpreadOptions {
  /** Trailing window in hours (default 720 = 30 days). */
  windowHours?: number;
  /** Fewest close-high-low products needed for an estimate (default 168, a week of hours). */
  minObservations?: number;
  /** Lowest spread ever assumed (default 0.0001 = 1 bp): no market is free to cross. */
  floor?: number;
  /** Highest spread assumed, also used when it cannot be measured (default 0.02 = 2 %). */
  cap?: number;
}

/** Spread estimate per hour of one pair: entry h is usable by a decision at the close of hour h. */
export function estimateSpreads(
  series: Pick<PairSeries, 'high' | 'low' | 'close'>,
  options: SpreadOptions = {},
): Float64Array {
  const { windowHours = 720, minObservations = 168, floor = 0.0001, cap = 0.02 } = options;
  if (!(minObservations >= 1 && windowHours > minObservations && floor > 0 && cap >= floor))
    throw new RangeError(`estimateSpreads: inconsistent options ${JSON.stringify(options)}`);
  const { high, low, close } = series;
  const n = close.length;
  const midRange = (t: number) => (Math.log(high[t]!) + Math.log(low[t]!)) / 2;
  // Product of hours t and t + 1: known at the close of t + 1; NaN across a gap.
  const product = (t: number) => {
    const c = Math.log(close[t]!);
    return (c - midRange(t)) * (c - midRange(t + 1));
  };
  const out = new Float64Array(n);
  let sum = 0;
  let count = 0;
  for (let h = 0; h < n; h++) {
    // The window [h − W + 1, h] holds the products of t = h − W + 1 … h − 1.
    if (h >= 1) {
      const p = product(h - 1);
      if (Number.isFinite(p)) {
        sum += p;
        count++;
      }
    }
    if (h - windowHours >= 0) {
      const p = product(h - windowHours);
      if (Number.isFinite(p)) {
        sum -= p;
        count--;
      }
    }
    const spread = Math.sqrt(Math.max(0, (4 * sum) / count));
    out[h] = count < minObservations ? cap : Math.min(cap, Math.max(floor, spread));
  }
  return out;
}

/** Half the estimated spread of the pair at the decision hour; each pair is estimated once, on demand. */
export function createSpreadSlippage(universe: Universe, options: SpreadOptions = {}): SlippageModel {
  const cache = new Map<number, Float64Array>();
  return (pair, at) => {
    let spreads = cache.get(pair);
    if (!spreads) {
      const series = universe.pairs[pair];
      if (!series) throw new RangeError(`no pair ${pair}`);
      spreads = estimateSpreads(series, options);
      cache.set(pair, spreads);
    }
    const spread = spreads[at];
    if (spread === undefined) throw new RangeError(`hour ${at} is outside the universe`);
    return spread / 2;
  };
}

/**
 * Both legs' fees and slippage as a fraction of the entry notional. The exit leg is paid on the exit
 * notional, hence the exit/entry ratio; cross terms (a fee on the slippage) are below 10⁻⁵ and left
 * out. The exit is always a taker: a stop or time exit must trade now.
 */
export function computeTradeCosts(o: {
  fees: FeeSchedule;
  makerEntry: boolean;
  halfSpread: number;
  entryPrice: number;
  exitPrice: number;
}): number {
  const taker = o.fees.takerPercent / 100 + o.halfSpread;
  const entry = o.makerEntry ? o.fees.makerPercent / 100 : taker;
  return entry + taker * (o.exitPrice / o.entryPrice);
}
