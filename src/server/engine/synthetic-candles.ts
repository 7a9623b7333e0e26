/**
 * A seeded synthetic market for tests and benchmarks: a random walk whose volatility switches between
 * calm and busy regimes, with volume rising with volatility. Same seed, same candles, on every machine
 * (mulberry32 PRNG, no Math.random).
 */
import { seededRandom } from '../shared/random';
import { HOUR_MS } from '../shared/time';
import type { Candle } from './types';

export { seededRandom };

/** Standard normal draw (Box-Muller). */
function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

export interface SyntheticOptions {
  seed: number;
  count: number;
  /** Open time of the first candle, epoch ms. */
  start?: number;
  startPrice?: number;
  /** Hourly log-return standard deviation in calm regimes. */
  volatility?: number;
  /** Hourly log drift. */
  drift?: number;
}

export function syntheticCandles(o: SyntheticOptions): Candle[] {
  const rand = seededRandom(o.seed);
  const start = o.start ?? Date.UTC(2025, 0, 1);
  const baseVol = o.volatility ?? 0.006;
  let price = o.startPrice ?? 100;
  let busy = false;
  const out: Candle[] = [];
  for (let k = 0; k < o.count; k++) {
    if (rand() < (busy ? 0.05 : 0.01)) busy = !busy;
    const vol = baseVol * (busy ? 2.5 : 1);
    const open = price;
    const close = open * Math.exp((o.drift ?? 0) + vol * gaussian(rand));
    const high = Math.max(open, close) * Math.exp(Math.abs(vol * 0.6 * gaussian(rand)));
    const low = Math.min(open, close) * Math.exp(-Math.abs(vol * 0.6 * gaussian(rand)));
    const volume = 1000 * (busy ? 3 : 1) * Math.exp(0.4 * gaussian(rand));
    out.push({ time: start + k * HOUR_MS, open, high, low, close, volume });
    price = close;
  }
  return out;
}
