/**
 * Outcome labelling shared by the backtest, the progrev model and the calibration: enter at the close
 * of candle `i`, then walk the following candles until the horizon ends. Take-profit first = success;
 * stop-loss first, or neither before the horizon = not a success (an offer scored "neither" also
 * counts as not succeeded on the Signal Quality screen).
 *
 * Hourly candles do not say which extreme came first, so a candle that touches both exits counts as
 * a stop-loss: the pessimistic reading, applied identically in the past and in the evaluation.
 */
import { HOUR_MS } from './candles';

export type Side = 'buy' | 'sell';
export type OutcomeResult = 'tp' | 'sl' | 'timeout' | 'unknown';

export interface Outcome {
  result: OutcomeResult;
  /** Hours from entry until the exit was touched (the full horizon on a timeout). */
  hours: number;
}

export interface PriceSeries {
  time: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  close: ArrayLike<number>;
  n: number;
}

/**
 * `tp` and `sl` are fractions of the entry price (0.01 = 1 %). The horizon covers the candles that
 * open within `horizonHours` after candle `i` closes. `unknown` when the data ends before the
 * horizon does and no exit was touched: such a trade cannot be scored yet.
 */
export function labelOutcome(
  s: PriceSeries,
  i: number,
  side: Side,
  tp: number,
  sl: number,
  horizonHours: number,
): Outcome {
  const entry = s.close[i]!;
  const long = side === 'buy';
  const tpPrice = long ? entry * (1 + tp) : entry * (1 - tp);
  const slPrice = long ? entry * (1 - sl) : entry * (1 + sl);
  const start = s.time[i]!;
  const end = start + horizonHours * HOUR_MS;
  for (let j = i + 1; j < s.n && s.time[j]! <= end; j++) {
    const hitSl = long ? s.low[j]! <= slPrice : s.high[j]! >= slPrice;
    const hitTp = long ? s.high[j]! >= tpPrice : s.low[j]! <= tpPrice;
    const hours = (s.time[j]! - start) / HOUR_MS;
    if (hitSl) return { result: 'sl', hours };
    if (hitTp) return { result: 'tp', hours };
  }
  const known = s.n > 0 && s.time[s.n - 1]! >= end;
  return { result: known ? 'timeout' : 'unknown', hours: horizonHours };
}
