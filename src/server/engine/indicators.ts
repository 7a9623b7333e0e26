/**
 * Classic indicators as whole series, one value per candle, NaN until enough candles exist. Each value
 * depends only on the candles up to its index (causal), so a series computed once over a long history
 * gives every past analysis point without recomputing and without seeing the future.
 *
 * Conventions (the textbook ones, e.g. TA-Lib): EMAs are seeded with the simple average of their first
 * `period` inputs; RSI and ATR use Wilder smoothing (alpha = 1/period) seeded the same way; Bollinger
 * bands use the population standard deviation.
 */

export type Series = Float64Array;

function nanSeries(n: number): Series {
  return new Float64Array(n).fill(NaN);
}

/** EMA with alpha = `alpha`, seeded by the SMA of the first `period` finite inputs. */
function smoothed(values: ArrayLike<number>, period: number, alpha: number): Series {
  const out = nanSeries(values.length);
  let start = 0;
  while (start < values.length && !Number.isFinite(values[start])) start++;
  if (values.length - start < period) return out;
  let sum = 0;
  for (let i = start; i < start + period; i++) sum += values[i]!;
  let prev = sum / period;
  out[start + period - 1] = prev;
  for (let i = start + period; i < values.length; i++) {
    prev = prev + alpha * (values[i]! - prev);
    out[i] = prev;
  }
  return out;
}

export function ema(values: ArrayLike<number>, period: number): Series {
  return smoothed(values, period, 2 / (period + 1));
}

/** Wilder's RSI: 100 − 100 / (1 + avgGain / avgLoss); 100 when there were no losses, 50 when flat. */
export function rsi(closes: ArrayLike<number>, period = 14): Series {
  const n = closes.length;
  const gains = nanSeries(n);
  const losses = nanSeries(n);
  for (let i = 1; i < n; i++) {
    const d = closes[i]! - closes[i - 1]!;
    gains[i] = Math.max(d, 0);
    losses[i] = Math.max(-d, 0);
  }
  const g = smoothed(gains, period, 1 / period);
  const l = smoothed(losses, period, 1 / period);
  const out = nanSeries(n);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(g[i])) continue;
    const gi = g[i]!;
    const li = l[i]!;
    out[i] = li === 0 ? (gi === 0 ? 50 : 100) : 100 - 100 / (1 + gi / li);
  }
  return out;
}

export interface MacdSeries {
  macd: Series;
  signal: Series;
  histogram: Series;
}

export function macd(closes: ArrayLike<number>, fast = 12, slow = 26, signalPeriod = 9): MacdSeries {
  const f = ema(closes, fast);
  const s = ema(closes, slow);
  const line = nanSeries(closes.length);
  for (let i = 0; i < closes.length; i++) line[i] = f[i]! - s[i]!;
  const signal = ema(line, signalPeriod);
  const histogram = nanSeries(closes.length);
  for (let i = 0; i < closes.length; i++) histogram[i] = line[i]! - signal[i]!;
  return { macd: line, signal, histogram };
}

export interface BollingerSeries {
  middle: Series;
  upper: Series;
  lower: Series;
}

/** SMA(period) ± k population standard deviations, computed in one pass with running sums. */
export function bollinger(closes: ArrayLike<number>, period = 20, k = 2): BollingerSeries {
  const n = closes.length;
  const middle = nanSeries(n);
  const upper = nanSeries(n);
  const lower = nanSeries(n);
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const c = closes[i]!;
    sum += c;
    sumSq += c * c;
    if (i >= period) {
      const old = closes[i - period]!;
      sum -= old;
      sumSq -= old * old;
    }
    if (i < period - 1) continue;
    const mean = sum / period;
    const sd = Math.sqrt(Math.max(0, sumSq / period - mean * mean));
    middle[i] = mean;
    upper[i] = mean + k * sd;
    lower[i] = mean - k * sd;
  }
  return { middle, upper, lower };
}

/** True range: the candle's high-low, widened to include the previous close (gaps between candles). */
export function trueRange(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>): Series {
  const out = new Float64Array(high.length);
  for (let i = 0; i < high.length; i++) {
    const h = high[i]!;
    const l = low[i]!;
    out[i] = i === 0 ? h - l : Math.max(h, close[i - 1]!) - Math.min(l, close[i - 1]!);
  }
  return out;
}

/** Wilder's ATR: true range smoothed with alpha = 1/period, seeded by the SMA of the first `period`. */
export function atr(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  period = 14,
): Series {
  return smoothed(trueRange(high, low, close), period, 1 / period);
}
