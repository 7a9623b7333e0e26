/**
 * The landing's price and volume trend lines (spec 2.4; spec 3, derived display rules; spec 9,
 * chart window): one series per top pair from its tickerData history, keeping a point only if its
 * x exists and its y is a non-zero number, volume y in millions, over the last 12 hours.
 *
 * The 12 hours end at the newest point of the pairs shown, not at the browser's clock: the
 * market's clock is the one that stamped the points (a replayed or sped-up market runs apart
 * from the wall clock), and a window on the wrong clock would silently empty the charts.
 */
import { asRecord } from './read-summary';
import { VOLUME_SCALE } from './top-pairs';

export type TrendKind = 'price' | 'volume';

export interface TrendPoint {
  /** Epoch milliseconds. */
  x: number;
  y: number;
}

export interface TrendSeries {
  pair: string;
  points: TrendPoint[];
}

export interface TrendWindow {
  start: number;
  end: number;
}

export interface Trends {
  window: TrendWindow;
  series: TrendSeries[];
}

const HOUR_MS = 60 * 60 * 1000;
export const TREND_WINDOW_MS = 12 * HOUR_MS;
export const TREND_TICK_MS = 2 * HOUR_MS;

const HISTORY_FIELD: Record<TrendKind, string> = { price: 'price_history', volume: 'volume_history' };
const Y_SCALE: Record<TrendKind, number> = { price: 1, volume: VOLUME_SCALE };

function readX(x: unknown): number | null {
  if (typeof x === 'number') return Number.isFinite(x) ? x : null;
  if (typeof x === 'string' && x.trim() !== '') {
    const time = Date.parse(x);
    return Number.isNaN(time) ? null : time;
  }
  return null;
}

/** The history's usable points, oldest first, y divided by `scale`. */
export function keepValidPoints(history: unknown, scale = 1): TrendPoint[] {
  if (!Array.isArray(history)) return [];
  const points: TrendPoint[] = [];
  for (const raw of history) {
    const point = asRecord(raw);
    const x = readX(point.x);
    const { y } = point;
    if (x === null || typeof y !== 'number' || !Number.isFinite(y) || y === 0) continue;
    points.push({ x, y: y / scale });
  }
  return points.sort((a, b) => a.x - b.x);
}

/** The pairs' trend lines in the window; null when no pair has a point left to draw. */
export function buildTrends(summary: unknown, pairs: readonly string[], kind: TrendKind): Trends | null {
  const entries = asRecord(summary);
  const all = pairs.map((pair) => ({
    pair,
    points: keepValidPoints(asRecord(asRecord(entries[pair]).tickerData)[HISTORY_FIELD[kind]], Y_SCALE[kind]),
  }));
  const end = Math.max(...all.flatMap((s) => s.points.map((p) => p.x)));
  if (!Number.isFinite(end)) return null;
  const window = { start: end - TREND_WINDOW_MS, end };
  const series = all
    .map((s) => ({ pair: s.pair, points: s.points.filter((p) => p.x >= window.start) }))
    .filter((s) => s.points.length > 0);
  return { window, series };
}
