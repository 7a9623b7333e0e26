/**
 * Causal features for the strategy families: every output at index i reads inputs 0…i only, so a
 * series computed once over the whole universe gives each past decision exactly what it would have
 * seen live, and cutting the universe short never changes an earlier value.
 *
 * NaN means "no data": inputs may hold NaN (before a listing, in exchange gaps) and windowed
 * statistics skip them, answering NaN when fewer than `minCount` finite values are in the window.
 *
 * Days: a family decides at the close of the last hour of each UTC day, the hour whose candle opens
 * at 23:00 UTC. Day d of the universe is the d-th such hour on the grid (a leading partial day
 * counts when its 23:00 hour is on the grid).
 */
import type { Universe } from '../types';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The UTC hour whose candle closes the day. */
export const DECISION_UTC_HOUR = 23;

/** Hour index of each day's decision (the candle opening at 23:00 UTC), ascending. */
export function decisionHours(universe: Pick<Universe, 'start' | 'hours'>): Int32Array {
  const msIntoDay = ((universe.start % DAY_MS) + DAY_MS) % DAY_MS;
  const hourOfDay0 = Math.floor(msIntoDay / HOUR_MS);
  const first = (DECISION_UTC_HOUR - hourOfDay0 + 24) % 24;
  const count = universe.hours > first ? Math.floor((universe.hours - 1 - first) / 24) + 1 : 0;
  const out = new Int32Array(count);
  for (let d = 0; d < count; d++) out[d] = first + 24 * d;
  return out;
}

/**
 * Whether the `count` hourly candles that closed last by `now` (the newest opening an hour before
 * the current hour) hold a day's decision candle: a live refresh's closed hours, one normally, or
 * the gap since the last stored candle after a restart. More than a day of them is a backfill,
 * which the market sync judges itself: false.
 */
export function decisionClosedAmong(now: number, count: number): boolean {
  if (count < 1 || count > 24) return false;
  const newestHour = (Math.floor(now / HOUR_MS) - 1) % 24;
  return (newestHour - DECISION_UTC_HOUR + 24) % 24 < count;
}

/** `values` sampled at the given hours (the daily close when `values` is an hourly close). */
export function sampleAt(values: Float64Array, hours: Int32Array): Float64Array {
  const out = new Float64Array(hours.length);
  for (let d = 0; d < hours.length; d++) out[d] = values[hours[d]!]!;
  return out;
}

/**
 * Quote volume (Σ volume × close) of the 24 hours ending at each decision hour; NaN unless all 24
 * are on the grid and have a candle, so a listing day or a gap never looks like a quiet day.
 */
export function dailyQuoteVolume(close: Float64Array, volume: Float64Array, hours: Int32Array): Float64Array {
  const out = new Float64Array(hours.length).fill(NaN);
  for (let d = 0; d < hours.length; d++) {
    const end = hours[d]!;
    if (end < 23) continue;
    let sum = 0;
    for (let h = end - 23; h <= end; h++) sum += volume[h]! * close[h]!;
    out[d] = sum;
  }
  return out;
}

/** ln(values[i] / values[i − lag]); NaN where either is missing. */
export function logReturns(values: Float64Array, lag = 1): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  for (let i = lag; i < values.length; i++) out[i] = Math.log(values[i]! / values[i - lag]!);
  return out;
}

/** values[i] / values[i − lag] − 1; NaN where either is missing. */
export function simpleReturns(values: Float64Array, lag: number): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  for (let i = lag; i < values.length; i++) out[i] = values[i]! / values[i - lag]! - 1;
  return out;
}

/** values[i − lag], NaN before the start: reads "as of the previous bar" without off-by-ones. */
export function lagged(values: Float64Array, lag: number): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  for (let i = lag; i < values.length; i++) out[i] = values[i - lag]!;
  return out;
}

export interface WindowOptions {
  /** Window length in bars, ending at (and including) the bar being computed. */
  window: number;
  /** Fewest finite values the window must hold; the whole window by default. */
  minCount?: number;
}

/**
 * The running sums of trailingMean and trailingSd hold the values minus the series' first finite
 * value: small sums keep their precision (a flat price has a mean exactly equal to it), and the
 * first value is the same in every prefix, so a prefix computes bit for bit what the whole does.
 */
function shiftOf(values: Float64Array): number {
  return values.find((v) => Number.isFinite(v)) ?? 0;
}

/** Mean over the trailing window (a running sum, O(n)). */
export function trailingMean(
  values: Float64Array,
  { window, minCount = window }: WindowOptions,
): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  const shift = shiftOf(values);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]! - shift;
    if (Number.isFinite(v)) {
      sum += v;
      count++;
    }
    const gone = i >= window ? values[i - window]! - shift : NaN;
    if (Number.isFinite(gone)) {
      sum -= gone;
      count--;
    }
    if (count >= Math.max(minCount, 1)) out[i] = shift + sum / count;
  }
  return out;
}

/** Sample standard deviation (n − 1) over the trailing window (running sums, O(n)). */
export function trailingSd(values: Float64Array, { window, minCount = window }: WindowOptions): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  const shift = shiftOf(values);
  let sum = 0;
  let sumSq = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]! - shift;
    if (Number.isFinite(v)) {
      sum += v;
      sumSq += v * v;
      count++;
    }
    const gone = i >= window ? values[i - window]! - shift : NaN;
    if (Number.isFinite(gone)) {
      sum -= gone;
      sumSq -= gone * gone;
      count--;
    }
    if (count >= Math.max(minCount, 2)) {
      out[i] = Math.sqrt(Math.max(0, (sumSq - (sum * sum) / count) / (count - 1)));
    }
  }
  return out;
}

/** Apply `reduce` to the finite values of each trailing window (O(n × window): daily series only). */
function trailingReduce(
  values: Float64Array,
  { window, minCount = window }: WindowOptions,
  reduce: (finite: number[]) => number,
): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  const finite: number[] = [];
  for (let i = 0; i < values.length; i++) {
    finite.length = 0;
    for (let j = Math.max(0, i - window + 1); j <= i; j++) {
      if (Number.isFinite(values[j])) finite.push(values[j]!);
    }
    if (finite.length >= Math.max(minCount, 1)) out[i] = reduce(finite);
  }
  return out;
}

export function trailingMedian(values: Float64Array, options: WindowOptions): Float64Array {
  return trailingReduce(values, options, (xs) => {
    xs.sort((a, b) => a - b);
    const mid = xs.length >> 1;
    return xs.length % 2 === 1 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
  });
}

export function trailingMax(values: Float64Array, options: WindowOptions): Float64Array {
  return trailingReduce(values, options, (xs) => Math.max(...xs));
}

export function trailingMin(values: Float64Array, options: WindowOptions): Float64Array {
  return trailingReduce(values, options, (xs) => Math.min(...xs));
}

/**
 * Average true range over the trailing `window` hours: a simple mean rather than Wilder's smoothing,
 * so a gap drops out of the window instead of poisoning every later value. The true range of an
 * hour after a gap is its own high − low.
 */
export function averageTrueRange(
  candles: { high: Float64Array; low: Float64Array; close: Float64Array },
  options: WindowOptions,
): Float64Array {
  const { high, low, close } = candles;
  const tr = new Float64Array(close.length);
  for (let h = 0; h < close.length; h++) {
    const prev = h > 0 ? close[h - 1]! : NaN;
    const range = high[h]! - low[h]!;
    tr[h] = Number.isFinite(prev)
      ? Math.max(range, Math.abs(high[h]! - prev), Math.abs(low[h]! - prev))
      : range;
  }
  return trailingMean(tr, options);
}

/**
 * Percentile rank of values[i] among the finite values before it (expanding window): the share of
 * earlier values below it, ties counting half. NaN until `minHistory` earlier values exist.
 */
export function expandingPercentileRank(values: Float64Array, minHistory: number): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  const sorted: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    const below = lowerBound(sorted, v);
    if (sorted.length >= Math.max(minHistory, 1)) {
      const equal = lowerBound(sorted, v, true) - below;
      out[i] = (below + equal / 2) / sorted.length;
    }
    sorted.splice(below, 0, v);
  }
  return out;
}

/** First index whose value is ≥ v (or > v when `strict`) in an ascending array. */
function lowerBound(sorted: number[], v: number, strict = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const x = sorted[mid]!;
    if (x < v || (strict && x === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
