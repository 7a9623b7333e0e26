/**
 * Landing "top pairs" selection (spec 3, derived display rules): missing successRate counts as
 * 50, other missing metrics as 0; a pair whose metrics are all zero is dropped; the rest are
 * ranked by descending heat score.
 */
export interface TopPair {
  pair: string;
  heatScore: number;
  successRate: number;
  progrevScore: number;
}

export const LANDING_TOP_PAIRS = 3;
const DEFAULT_SUCCESS_RATE = 50;
const VOLUME_SCALE = 1_000_000;

function toNumber(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function selectTopPairs(summary: unknown, count: number = LANDING_TOP_PAIRS): TopPair[] {
  const rows: TopPair[] = [];
  for (const [pair, raw] of Object.entries(asRecord(summary))) {
    const entry = asRecord(raw);
    const ticker = asRecord(entry.tickerData);
    const row: TopPair = {
      pair,
      heatScore: toNumber(entry.heatScore, 0),
      successRate: toNumber(entry.successRate, DEFAULT_SUCCESS_RATE),
      progrevScore: toNumber(entry.progrevScore, 0),
    };
    const metrics = [
      row.heatScore,
      row.successRate,
      row.progrevScore,
      toNumber(ticker.change_7d, 0),
      toNumber(ticker.volume_7d, 0) / VOLUME_SCALE,
      toNumber(ticker.volatility_7d, 0),
    ];
    if (metrics.every((m) => m === 0)) continue;
    rows.push(row);
  }
  return rows.sort((a, b) => b.heatScore - a.heatScore || a.pair.localeCompare(b.pair)).slice(0, count);
}

export function heatmapPairHref(pair: string): string {
  return `/heatmap?pair=${encodeURIComponent(pair)}`;
}
