/**
 * Calendar-window metrics (24 h, 7 days) as causal series. Windows are by time, not by candle count,
 * so a gap in the data (exchange downtime, an hour without trades) shortens the window instead of
 * stretching it into older history.
 */
import { DAY_MS, WEEK_MS } from '../shared/time';
import type { Series } from './indicators';

function lowerBound(sorted: number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Volume of each candle over the median volume of the candles in the 7 days before it (the candle
 * itself excluded, so a spike is measured against what came before). 1 when there is no history.
 */
export function relativeVolumeSeries(times: ArrayLike<number>, volumes: ArrayLike<number>): Series {
  const n = times.length;
  const out = new Float64Array(n);
  const window: number[] = [];
  let lo = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) window.splice(lowerBound(window, volumes[i - 1]!), 0, volumes[i - 1]!);
    while (lo < i && times[lo]! < times[i]! - WEEK_MS) {
      window.splice(lowerBound(window, volumes[lo]!), 1);
      lo++;
    }
    const m = window.length;
    if (m === 0) {
      out[i] = 1;
      continue;
    }
    const median = m % 2 === 1 ? window[(m - 1) / 2]! : (window[m / 2 - 1]! + window[m / 2]!) / 2;
    const v = volumes[i]!;
    // A zero median (thin market) would divide by zero: any trade then counts as a strong surge.
    out[i] = median > 0 ? v / median : v > 0 ? 10 : 1;
  }
  return out;
}

export interface RangeSeries {
  high: Series;
  low: Series;
}

/**
 * Highest high and lowest low of the candles in the 24 h before each candle (itself excluded); NaN if
 * none. Monotonic deques keep it O(n).
 */
export function prior24hRangeSeries(
  times: ArrayLike<number>,
  highs: ArrayLike<number>,
  lows: ArrayLike<number>,
): RangeSeries {
  const n = times.length;
  const high = new Float64Array(n).fill(NaN);
  const low = new Float64Array(n).fill(NaN);
  const maxQ: number[] = [];
  const minQ: number[] = [];
  let maxHead = 0;
  let minHead = 0;
  for (let i = 1; i < n; i++) {
    const j = i - 1;
    while (maxQ.length > maxHead && highs[maxQ[maxQ.length - 1]!]! <= highs[j]!) maxQ.pop();
    maxQ.push(j);
    while (minQ.length > minHead && lows[minQ[minQ.length - 1]!]! >= lows[j]!) minQ.pop();
    minQ.push(j);
    const from = times[i]! - DAY_MS;
    while (maxHead < maxQ.length && times[maxQ[maxHead]!]! < from) maxHead++;
    while (minHead < minQ.length && times[minQ[minHead]!]! < from) minHead++;
    if (maxHead < maxQ.length) high[i] = highs[maxQ[maxHead]!]!;
    if (minHead < minQ.length) low[i] = lows[minQ[minHead]!]!;
  }
  return { high, low };
}

/** Each value over the mean of the values in the 7 days up to and including it (volatility expansion). */
export function ratioToWeekMeanSeries(times: ArrayLike<number>, values: ArrayLike<number>): Series {
  const n = times.length;
  const out = new Float64Array(n).fill(NaN);
  let lo = 0;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) [sum, count] = [sum + v, count + 1];
    while (times[lo]! <= times[i]! - WEEK_MS) {
      const old = values[lo]!;
      if (Number.isFinite(old)) [sum, count] = [sum - old, count - 1];
      lo++;
    }
    if (Number.isFinite(v) && count > 0 && sum > 0) out[i] = v / (sum / count);
  }
  return out;
}

/**
 * Standard deviation of hourly log returns over the 7 days up to each candle, scaled by √24 to a daily
 * figure, in percent. NaN until two returns exist.
 */
export function weekVolatilitySeries(times: ArrayLike<number>, closes: ArrayLike<number>): Series {
  const n = times.length;
  const out = new Float64Array(n).fill(NaN);
  const ret = new Float64Array(n);
  for (let i = 1; i < n; i++) ret[i] = Math.log(closes[i]! / closes[i - 1]!);
  let lo = 1;
  let sum = 0;
  let sumSq = 0;
  for (let i = 1; i < n; i++) {
    sum += ret[i]!;
    sumSq += ret[i]! * ret[i]!;
    while (times[lo]! <= times[i]! - WEEK_MS) {
      sum -= ret[lo]!;
      sumSq -= ret[lo]! * ret[lo]!;
      lo++;
    }
    const m = i - lo + 1;
    if (m < 2) continue;
    const mean = sum / m;
    const variance = Math.max(0, (sumSq - m * mean * mean) / (m - 1));
    out[i] = Math.sqrt(variance) * Math.sqrt(24) * 100;
  }
  return out;
}
