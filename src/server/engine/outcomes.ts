/**
 * Outcome labelling shared by the backtest, the progrev model and the calibration: enter at the close
 * of candle `i`, then walk the following candles until the horizon ends. Take-profit first = success;
 * stop-loss first, or neither before the horizon = not a success (an offer scored "neither" also
 * counts as not succeeded on the Signal Quality screen).
 *
 * Hourly candles do not say which extreme came first, so a candle that touches both exits counts as
 * a stop-loss: the pessimistic reading, applied identically in the past and in the evaluation.
 *
 * Each outcome also carries the trade's signed return before fees, which expected profit needs: a
 * trade that reaches neither exit is closed at market at the horizon's last close, not at the stop.
 */
import { HOUR_MS } from '../shared/time';

export type Side = 'buy' | 'sell';
export type OutcomeResult = 'tp' | 'sl' | 'timeout' | 'unknown';

export interface Outcome {
  result: OutcomeResult;
  /** Hours from entry until the exit was touched (the full horizon on a timeout). */
  hours: number;
  /**
   * Signed return of the trade before fees, as a fraction of the entry price: `+tp` at the
   * take-profit, `−sl` at the stop-loss, and on a timeout the last close within the horizon against
   * the entry (positive when the trade's side gained; 0 when no candle opened within the horizon).
   * On `unknown` it is the return at the last close available, which is not a result yet.
   */
  returnFraction: number;
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
  let last = entry;
  for (let j = i + 1; j < s.n && s.time[j]! <= end; j++) {
    const hitSl = long ? s.low[j]! <= slPrice : s.high[j]! >= slPrice;
    const hitTp = long ? s.high[j]! >= tpPrice : s.low[j]! <= tpPrice;
    const hours = (s.time[j]! - start) / HOUR_MS;
    if (hitSl) return { result: 'sl', hours, returnFraction: -sl };
    if (hitTp) return { result: 'tp', hours, returnFraction: tp };
    last = s.close[j]!;
  }
  const known = s.n > 0 && s.time[s.n - 1]! >= end;
  const move = last / entry - 1;
  return {
    result: known ? 'timeout' : 'unknown',
    hours: horizonHours,
    returnFraction: long ? move : -move,
  };
}
