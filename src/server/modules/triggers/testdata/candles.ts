import type { Candle } from '../../../engine/types';

const HOUR = 3_600_000;
export const T0 = Date.UTC(2025, 0, 1);

/** Hourly candles from closes; high/low ±`wick`, volume given or 10. */
export function candlesFrom(closes: number[], options: { wick?: number; volumes?: number[] } = {}): Candle[] {
  const wick = options.wick ?? 1;
  return closes.map((close, i) => {
    const open = i === 0 ? close : closes[i - 1]!;
    return {
      time: T0 + i * HOUR,
      open,
      high: Math.max(open, close) + wick,
      low: Math.min(open, close) - wick,
      close,
      volume: options.volumes?.[i] ?? 10,
    };
  });
}

/** `n` closes zig-zagging ±0.5 around `level` (RSI ≈ 50, no trend). */
export function flat(n: number, level = 100): number[] {
  return Array.from({ length: n }, (_, i) => level + (i % 2 === 0 ? 0.25 : -0.25));
}
