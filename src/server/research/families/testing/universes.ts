/**
 * Small universes for the family tests: from explicit closes, or a seeded random walk with
 * volatility regimes, occasional volume shocks, late listings, NaN gaps and an optional planted
 * trend. The default start is midnight UTC, so decision hours are 23, 47, 71, …
 */
import { seededRandom } from '../../../shared/random';
import type { PairSeries, Universe } from '../../types';
import { universeSlice } from '../../universe';

export const TEST_START = Date.UTC(2024, 0, 1);

function nanArray(n: number): Float64Array {
  return new Float64Array(n).fill(NaN);
}

/**
 * One pair per entry; open = the previous close (the close itself first and after a gap), high and
 * low = the larger and smaller of open and close, volume 1000 unless given. NaN closes are gaps.
 */
export function universeFromCloses(input: {
  start?: number;
  pairs: Record<string, readonly number[]>;
  volumes?: Record<string, readonly number[]>;
}): Universe {
  const entries = Object.entries(input.pairs);
  const hours = entries[0]?.[1].length ?? 0;
  const pairs = entries.map(([symbol, closes]): PairSeries => {
    if (closes.length !== hours) throw new Error(`${symbol} has ${closes.length} closes, not ${hours}`);
    const series = emptySeries(symbol, hours);
    for (let h = 0; h < hours; h++) {
      const close = closes[h]!;
      if (!Number.isFinite(close)) continue;
      const prev = h > 0 ? closes[h - 1]! : NaN;
      const open = Number.isFinite(prev) ? prev : close;
      series.open[h] = open;
      series.close[h] = close;
      series.high[h] = Math.max(open, close);
      series.low[h] = Math.min(open, close);
      series.volume[h] = input.volumes?.[symbol]?.[h] ?? 1000;
    }
    return series;
  });
  return { start: input.start ?? TEST_START, hours, pairs };
}

function emptySeries(symbol: string, hours: number): PairSeries {
  return {
    symbol,
    open: nanArray(hours),
    high: nanArray(hours),
    low: nanArray(hours),
    close: nanArray(hours),
    volume: nanArray(hours),
  };
}

export interface RandomPairSpec {
  symbol: string;
  /** First hour with a candle; NaN before (0 by default). */
  listedAt?: number;
  /** Hourly log-return standard deviation before regimes (1 % by default). */
  hourlyVol?: number;
  /** A planted trend: extra log drift per hour over hours [from, to). */
  trend?: { from: number; to: number; driftPerHour: number };
  /** NaN gaps of 1-30 hours after the listing. */
  gaps?: number;
}

/** Standard normal draws (Box-Muller) from a seeded uniform source. */
function normalSource(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Each pair walks on its own stream (seed and pair index). Every 10 days its volatility regime is
 * redrawn from ×0.5 / ×1 / ×2; about 3 % of days are shocks: the day trades 2.5× or 5× its usual
 * volume and one of its hours jumps by 4 daily σ.
 */
export function randomUniverse(input: {
  seed: number;
  hours: number;
  start?: number;
  pairs: RandomPairSpec[];
}): Universe {
  const { hours } = input;
  const pairs = input.pairs.map((spec, index): PairSeries => {
    const random = seededRandom(input.seed * 7919 + index);
    const normal = normalSource(random);
    const series = emptySeries(spec.symbol, hours);
    const baseVol = spec.hourlyVol ?? 0.01;
    let price = 100 * (index + 1);
    let regime = 1;
    let shockHour = -1;
    let volumeFactor = 1;
    for (let h = 0; h < hours; h++) {
      if (h % 240 === 0) regime = [0.5, 1, 2][Math.floor(random() * 3)]!;
      if (h % 24 === 0) {
        const shockDay = random() < 0.03;
        shockHour = shockDay ? h + Math.floor(random() * 24) : -1;
        volumeFactor = shockDay ? (random() < 0.5 ? 2.5 : 5) : 1;
      }
      const vol = baseVol * regime;
      const trend = spec.trend && h >= spec.trend.from && h < spec.trend.to ? spec.trend.driftPerHour : 0;
      const jump = h === shockHour ? 4 * Math.sqrt(24) * vol * (random() < 0.5 ? -1 : 1) : 0;
      const open = price;
      price = open * Math.exp(trend + jump + vol * normal());
      const wick = () => 1 + Math.abs(normal()) * vol * 0.5;
      series.open[h] = open;
      series.close[h] = price;
      series.high[h] = Math.max(open, price) * wick();
      series.low[h] = Math.min(open, price) / wick();
      series.volume[h] = ((1000 * Math.exp(0.3 * normal())) / price) * 100 * volumeFactor;
    }
    blank(series, 0, spec.listedAt ?? 0);
    const listedAt = spec.listedAt ?? 0;
    for (let g = 0; g < (spec.gaps ?? 0); g++) {
      const from = listedAt + 48 + Math.floor(random() * Math.max(1, hours - listedAt - 96));
      blank(series, from, from + 1 + Math.floor(random() * 30));
    }
    return series;
  });
  return { start: input.start ?? TEST_START, hours, pairs };
}

/** Sets hours [from, to) of every field to NaN. */
function blank(series: PairSeries, from: number, to: number): void {
  for (const field of [series.open, series.high, series.low, series.close, series.volume]) {
    field.fill(NaN, from, to);
  }
}

/** The same past with a different future: from hour k on, prices rescaled by a wave and volume ×10. */
export function alterFuture(universe: Universe, k: number): Universe {
  const copy = universeSlice(universe, universe.hours);
  for (const p of copy.pairs) {
    for (let h = k; h < universe.hours; h++) {
      const factor = 1 + 0.5 * Math.sin(h / 37);
      p.open[h]! *= factor;
      p.high[h]! *= factor * 1.01;
      p.low[h]! *= factor * 0.99;
      p.close[h]! *= factor;
      p.volume[h]! *= 10;
    }
  }
  return copy;
}
