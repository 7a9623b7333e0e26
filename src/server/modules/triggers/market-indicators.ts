/**
 * The few indicators the market triggers need, computed here on purpose: triggers must not depend
 * on the engine's internals (which evolve separately). Pure functions over closes / volumes.
 */

/** Median of a list; NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Wilder's RSI for every close from index `period` on (the first `period` closes seed the
 * averages), so `result.at(-1)` is the RSI at the last close. Empty when there are too few closes.
 */
export function rsiSeries(closes: readonly number[], period = 14): number[] {
  if (closes.length <= period) return [];
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i += 1) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  const out = [toRsi(gain, loss)];
  for (let i = period + 1; i < closes.length; i += 1) {
    const change = closes[i]! - closes[i - 1]!;
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out.push(toRsi(gain, loss));
  }
  return out;
}

function toRsi(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}

/** Bollinger bands (population standard deviation) over the last `period` closes; null when too few. */
export function bollinger(
  closes: readonly number[],
  period = 20,
  width = 2,
): { upper: number; middle: number; lower: number } | null {
  if (closes.length < period) return null;
  const window = closes.slice(-period);
  const middle = window.reduce((sum, v) => sum + v, 0) / period;
  const variance = window.reduce((sum, v) => sum + (v - middle) ** 2, 0) / period;
  const spread = width * Math.sqrt(variance);
  return { upper: middle + spread, middle, lower: middle - spread };
}

export function percentChange(from: number, to: number): number {
  return from === 0 ? 0 : ((to - from) / from) * 100;
}
