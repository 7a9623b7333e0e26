/**
 * Volume shocks: a day whose quote volume (Σ volume × close over its 24 hours) exceeds m × the
 * median of the 30 days before it, with a daily log return beyond 2 standard deviations of the 30
 * daily returns before it. `follow` trades in the direction of the day's move, `fade` against it.
 */
import type { Family, Signal, Universe } from '../types';
import {
  dailyQuoteVolume,
  decisionHours,
  lagged,
  logReturns,
  sampleAt,
  trailingMedian,
  trailingSd,
} from './features';
import { defineVariants, gridOf } from './variants';

export const SHOCK_BASELINE_DAYS = 30;
export const SHOCK_MOVE_SD = 2;

type VolumeShockParams = { volumeMultiple: number; mode: 'follow' | 'fade'; holdHours: number };

function volumeShockSignals(universe: Universe, params: VolumeShockParams): Signal[] {
  const hours = decisionHours(universe);
  const baseline = { window: SHOCK_BASELINE_DAYS, minCount: Math.ceil(0.8 * SHOCK_BASELINE_DAYS) };
  const pairs = universe.pairs.map((pair) => {
    const volume = dailyQuoteVolume(pair.close, pair.volume, hours);
    const move = logReturns(sampleAt(pair.close, hours));
    return {
      volume,
      move,
      medianVolume: lagged(trailingMedian(volume, baseline), 1),
      moveSd: lagged(trailingSd(move, baseline), 1),
    };
  });
  const signals: Signal[] = [];
  for (let d = 0; d < hours.length; d++) {
    for (let p = 0; p < pairs.length; p++) {
      const { volume, move, medianVolume, moveSd } = pairs[p]!;
      const m = move[d]!;
      const ratio = volume[d]! / medianVolume[d]!;
      if (!(ratio > params.volumeMultiple) || !(Math.abs(m) > SHOCK_MOVE_SD * moveSd[d]!)) continue;
      const direction = m > 0 ? 1 : -1;
      signals.push({
        pair: p,
        at: hours[d]!,
        side: params.mode === 'follow' ? direction : direction === 1 ? -1 : 1,
        entry: { kind: 'market' },
        holdHours: params.holdHours,
        score: ratio,
      });
    }
  }
  return signals;
}

export const volumeShock: Family = {
  name: 'volume-shock',
  rationale:
    'A large move on several times the usual volume is information arriving: if the market ' +
    'under-reacts (slow diffusion, listings, fund flows) the move continues and following it pays; ' +
    'if the volume was forced — liquidations, a whale exiting — the price overshoots and fading it ' +
    'pays. Which story dominates is the question, so both are variants. Shocks are rare (a few per ' +
    'pair a year), the next day’s move after one is wide, and slippage is worst exactly then, so the ' +
    'assumed costs are optimistic here.',
  variants: defineVariants({
    family: 'volume-shock',
    grid: gridOf<VolumeShockParams>({
      volumeMultiple: [2, 3],
      mode: ['follow', 'fade'],
      holdHours: [24, 72],
    }),
    signals: volumeShockSignals,
  }),
};
