/**
 * Risk (`riskLevel`, `refereeRisk`). Mostly relative: how unusual today's volatility is for THIS pair
 * (percentile of its 7-day volatility against its own history), so a calm day on a wild coin is not
 * "high". Two absolute terms keep wild coins from ever reading "low": ATR as a percent of price
 * (2 % per hour or more counts in full) and the bid/ask spread (0.5 % or more counts in full).
 */
import type { MarketSeries } from './market-series';
import type { RiskLevel } from './types';

export const RISK_WEIGHTS = { volatilityPercentile: 0.6, atrPercent: 0.25, spread: 0.15 } as const;
const ATR_PERCENT_FULL = 2;
const SPREAD_PERCENT_FULL = 0.5;
/** Below this many past values the percentile is too coarse to mean anything; assume the median. */
const MIN_HISTORY = 24;

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * For every candle, the share (0-1) of the pair's earlier 7-day volatilities below its own (ties count
 * half): its volatility percentile against its own history up to then. A Fenwick tree over value
 * ranks makes the whole series O(n log n), so the backtest can know each past hour's risk too.
 */
export function volatilityPercentileSeries(s: MarketSeries): Float64Array {
  const values = s.volatility7d;
  const out = new Float64Array(s.n).fill(0.5);
  const finite = [...values].filter(Number.isFinite).sort((a, b) => a - b);
  const distinct = finite.filter((v, k) => k === 0 || v !== finite[k - 1]);
  const rankOf = (v: number) => {
    let lo = 0;
    let hi = distinct.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (distinct[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1; // 1-based for the tree
  };
  const tree = new Float64Array(distinct.length + 1);
  const prefix = (r: number) => {
    let sum = 0;
    for (let k = r; k > 0; k -= k & -k) sum += tree[k]!;
    return sum;
  };
  let count = 0;
  for (let i = 0; i < s.n; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    const r = rankOf(v);
    if (count >= MIN_HISTORY) {
      const below = prefix(r - 1);
      out[i] = (below + (prefix(r) - below) / 2) / count;
    }
    for (let k = r; k < tree.length; k += k & -k) tree[k]! += 1;
    count++;
  }
  return out;
}

/** 0-100. Without a known spread its weight is left out and the other two are rescaled. */
export function riskScoreOf(input: {
  volatilityPercentile: number;
  atrPercent: number;
  spreadPercent?: number;
}): number {
  const w = RISK_WEIGHTS;
  let score = w.volatilityPercentile * clamp01(input.volatilityPercentile);
  score += w.atrPercent * clamp01(input.atrPercent / ATR_PERCENT_FULL);
  let total = w.volatilityPercentile + w.atrPercent;
  if (input.spreadPercent !== undefined && Number.isFinite(input.spreadPercent)) {
    score += w.spread * clamp01(input.spreadPercent / SPREAD_PERCENT_FULL);
    total += w.spread;
  }
  return (100 * score) / total;
}

export function riskLevelOf(riskScore: number): RiskLevel {
  if (riskScore >= 75) return 'high';
  if (riskScore >= 40) return 'medium';
  return 'low';
}
