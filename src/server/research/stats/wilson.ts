import { normalQuantile } from './normal';

export interface WilsonInput {
  successes: number;
  trials: number;
  /** Two-sided confidence level, default 0.95. */
  confidence?: number;
}

/**
 * Wilson score interval for a binomial proportion (Wilson 1927, JASA 22; Newcombe 1998, Statistics in
 * Medicine 17, method 3): stays inside [0, 1] and keeps its coverage near 0 and 1, unlike p ± z·se.
 */
export function wilsonInterval(input: WilsonInput): { low: number; high: number } {
  const { successes, trials, confidence = 0.95 } = input;
  if (!(trials > 0) || !(successes >= 0) || successes > trials) return { low: NaN, high: NaN };
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const centre = (p + z2n / 2) / (1 + z2n);
  const halfWidth = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / trials + z2n / (4 * trials));
  return { low: Math.max(0, centre - halfWidth), high: Math.min(1, centre + halfWidth) };
}
