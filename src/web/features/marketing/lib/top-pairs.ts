/**
 * Landing "top pairs" selection (spec 3, derived display rules; spec 9, landing top pairs 3):
 * missing successRate counts as 50, other missing metrics as 0; Volume 7D is in millions; a pair
 * whose six metrics are all zero is dropped; the rest are ranked by descending heat score.
 */
import { asRecord, toNumber } from './read-summary';

export interface TopPair {
  pair: string;
  heatScore: number;
  successRate: number;
  progrevScore: number;
  change7d: number;
  /** The 7-day volume in millions (of the quote currency). */
  volume7dMillions: number;
  volatility7d: number;
}

export const LANDING_TOP_PAIRS = 3;
export const DEFAULT_SUCCESS_RATE = 50;
export const VOLUME_SCALE = 1_000_000;

function readRow(pair: string, raw: unknown): TopPair {
  const entry = asRecord(raw);
  const ticker = asRecord(entry.tickerData);
  return {
    pair,
    heatScore: toNumber(entry.heatScore, 0),
    successRate: toNumber(entry.successRate, DEFAULT_SUCCESS_RATE),
    progrevScore: toNumber(entry.progrevScore, 0),
    change7d: toNumber(ticker.change_7d, 0),
    volume7dMillions: toNumber(ticker.volume_7d, 0) / VOLUME_SCALE,
    volatility7d: toNumber(ticker.volatility_7d, 0),
  };
}

function allZero({ pair: _pair, ...metrics }: TopPair): boolean {
  return Object.values(metrics).every((value) => value === 0);
}

/** Takes the summary as `unknown`: a live merge or an older server may leave fields out. */
export function selectTopPairs(summary: unknown, count: number = LANDING_TOP_PAIRS): TopPair[] {
  return Object.entries(asRecord(summary))
    .map(([pair, raw]) => readRow(pair, raw))
    .filter((row) => !allZero(row))
    .sort((a, b) => b.heatScore - a.heatScore || a.pair.localeCompare(b.pair))
    .slice(0, count);
}

export function heatmapPairHref(pair: string): string {
  return `/heatmap?pair=${encodeURIComponent(pair)}`;
}
