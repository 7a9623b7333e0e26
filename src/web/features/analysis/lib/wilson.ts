/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  /** Percent, 0-100. */
  low: number;
  high: number;
}

/**
 * Wilson score interval of a success rate, in percent. Unlike the normal approximation it stays
 * inside 0-100 and is honest for small samples and rates near 0 or 100 %, which is where a signal
 * engine's buckets live. Null without a sample.
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: 100 * Math.max(0, centre - half), high: 100 * Math.min(1, centre + half) };
}
