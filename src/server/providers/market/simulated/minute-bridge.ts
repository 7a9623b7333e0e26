/**
 * The sixty one-minute candles inside simulated hour k: a Brownian bridge from the hour's open to
 * its close (so minutes and hours always agree), with minute-level volatility clustering, the
 * hour's jump placed in one minute, and the hour's volume shared out by how much each minute
 * moved. Seeded by (seed, pair, hour), so any hour can be drawn alone, in any order.
 */
import type { Candle } from '../../../engine/types';
import { roundVolume } from '../../../shared/candles';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time';
import type { HourlyPath } from './hourly-path';
import { Rng, hashSeed, roundTo } from './random';

const MINUTES = 60;

/** The minutes of one hour as columns (reused buffers: copy out what you keep). */
export interface MinuteColumns {
  start: number;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

const scales = new Float64Array(MINUTES);
const walk = new Float64Array(MINUTES);
const shares = new Float64Array(MINUTES);
const columns: MinuteColumns = {
  start: 0,
  open: new Float64Array(MINUTES),
  high: new Float64Array(MINUTES),
  low: new Float64Array(MINUTES),
  close: new Float64Array(MINUTES),
  volume: new Float64Array(MINUTES),
};

/** Draws hour k's minutes into shared buffers; valid until the next call. */
export function drawMinuteColumns(path: HourlyPath, k: number, seed: number): MinuteColumns {
  path.ensure(k);
  const rng = new Rng(hashSeed(seed, 'minutes', path.profile.base, k));
  const decimals = path.profile.decimals;
  const logOpen = path.logOpen(k);
  const logClose = path.logClose[k] ?? logOpen;
  const sigma = path.sigma[k] ?? path.sigmaBar;
  const jump = path.jump[k] ?? 0;
  const hourVolume = path.volume[k] ?? 0;
  const { open, high, low, close, volume } = columns;
  columns.start = path.epoch + k * HOUR_MS;

  // Minute volatilities: a log-AR(1) so busy minutes cluster, normalised to the hour's variance.
  let level = rng.normal();
  let varianceSum = 0;
  for (let i = 0; i < MINUTES; i++) {
    level = 0.8 * level + 0.6 * rng.normal();
    const scale = Math.exp(0.35 * level);
    scales[i] = scale;
    varianceSum += scale * scale;
  }
  const minuteSigma = sigma / Math.sqrt(MINUTES);
  const normalise = Math.sqrt(MINUTES / varianceSum);
  let position = 0;
  for (let i = 0; i < MINUTES; i++) {
    const scale = scales[i]! * normalise;
    scales[i] = scale;
    position += minuteSigma * scale * rng.normal();
    walk[i] = position;
  }
  const jumpMinute = jump === 0 ? MINUTES : Math.floor(rng.next() * MINUTES);
  const gap = position - (logClose - logOpen - jump);

  let previousLog = logOpen;
  let previousClose = roundTo(Math.exp(logOpen), decimals);
  let shareSum = 0;
  for (let i = 0; i < MINUTES; i++) {
    const bridged =
      i === MINUTES - 1
        ? logClose
        : logOpen + walk[i]! - ((i + 1) / MINUTES) * gap + (i >= jumpMinute ? jump : 0);
    const o = previousClose;
    const c = roundTo(Math.exp(bridged), decimals);
    // Wicks beyond the body: mean 0.45 minute-sigmas (a cheap triangular draw; they are tiny).
    const wick = minuteSigma * scales[i]! * 0.45;
    const top = o > c ? o : c;
    const bottom = o > c ? c : o;
    open[i] = o;
    close[i] = c;
    high[i] = Math.max(top, roundTo(top * (1 + wick * (rng.next() + rng.next())), decimals));
    low[i] = Math.min(
      bottom,
      roundTo(bottom * Math.max(0.5, 1 - wick * (rng.next() + rng.next())), decimals),
    );
    const share = (0.35 + Math.abs(bridged - previousLog) / minuteSigma) * (0.5 + rng.next());
    shares[i] = share;
    shareSum += share;
    previousLog = bridged;
    previousClose = c;
  }
  for (let i = 0; i < MINUTES; i++) volume[i] = roundVolume((hourVolume * shares[i]!) / shareSum);
  return columns;
}

export function minuteCandles(columns: MinuteColumns): Candle[] {
  const out = new Array<Candle>(MINUTES);
  for (let i = 0; i < MINUTES; i++) {
    out[i] = {
      time: columns.start + i * MINUTE_MS,
      open: columns.open[i]!,
      high: columns.high[i]!,
      low: columns.low[i]!,
      close: columns.close[i]!,
      volume: columns.volume[i]!,
    };
  }
  return out;
}

/** The hourly candle of the columns: exactly the aggregate of the sixty minutes. */
export function hourCandle(columns: MinuteColumns): Candle {
  let high = columns.high[0]!;
  let low = columns.low[0]!;
  let volume = 0;
  for (let i = 0; i < MINUTES; i++) {
    if (columns.high[i]! > high) high = columns.high[i]!;
    if (columns.low[i]! < low) low = columns.low[i]!;
    volume += columns.volume[i]!;
  }
  return {
    time: columns.start,
    open: columns.open[0]!,
    high,
    low,
    close: columns.close[MINUTES - 1]!,
    volume: roundVolume(volume),
  };
}
