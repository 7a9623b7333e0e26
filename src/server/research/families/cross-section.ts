/**
 * Cross-sectional ranking shared by xs-momentum and xs-reversal. Each decision day it ranks the
 * pairs alive that day — a close at this day's and at the lookback day's decision hour, so a pair
 * is ranked only once it has traded for the whole lookback (no survivorship) — by their past
 * return, and trades the k at either end. Days with fewer than max(4, 2k) ranked pairs are
 * skipped: a "top 2 of 3" is not a cross-section.
 */
import type { Side, Signal, Universe } from '../types';
import { decisionHours, sampleAt, simpleReturns } from './features';

export const MIN_PAIRS_RANKED = 4;

export type Legs = 'long' | 'long-short';

export interface CrossSectionRule {
  lookbackDays: number;
  /** Pairs traded at each end. */
  k: number;
  /** `long` trades only the long end; `long-short` both ends. */
  legs: Legs;
  /** `momentum` longs the past winners and shorts the losers; `reversal` the other way round. */
  direction: 'momentum' | 'reversal';
  holdHours: number;
}

export function crossSectionSignals(universe: Universe, rule: CrossSectionRule): Signal[] {
  const hours = decisionHours(universe);
  const returns = universe.pairs.map((pair) => simpleReturns(sampleAt(pair.close, hours), rule.lookbackDays));
  const winnerSide: Side = rule.direction === 'momentum' ? 1 : -1;
  const signals: Signal[] = [];
  for (let d = 0; d < hours.length; d++) {
    const ranked: { pair: number; ret: number }[] = [];
    for (let p = 0; p < returns.length; p++) {
      const ret = returns[p]![d]!;
      if (Number.isFinite(ret)) ranked.push({ pair: p, ret });
    }
    if (ranked.length < Math.max(MIN_PAIRS_RANKED, 2 * rule.k)) continue;
    // Best first; equal returns in pair order, so the ranking never depends on sort stability.
    ranked.sort((a, b) => b.ret - a.ret || a.pair - b.pair);
    const picks: { pair: number; ret: number; side: Side }[] = [];
    const winners = ranked.slice(0, rule.k).map((r) => ({ ...r, side: winnerSide }));
    const losers = ranked.slice(-rule.k).map((r) => ({ ...r, side: -winnerSide as Side }));
    for (const pick of [...winners, ...losers]) {
      if (rule.legs === 'long-short' || pick.side === 1) picks.push(pick);
    }
    picks.sort((a, b) => a.pair - b.pair);
    for (const pick of picks) {
      signals.push({
        pair: pick.pair,
        at: hours[d]!,
        side: pick.side,
        entry: { kind: 'market' },
        holdHours: rule.holdHours,
        // The past return in the direction of the bet: bigger = further into the tail traded.
        score: rule.direction === 'momentum' ? pick.side * pick.ret : -pick.side * pick.ret,
      });
    }
  }
  return signals;
}
