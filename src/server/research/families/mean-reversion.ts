/**
 * Mean reversion after extreme moves. At each decision hour h the move is r = ln(close[h] /
 * close[h − L]) and its z-score is r / (σ √L), with σ the standard deviation of the 720 hourly log
 * returns ending at h − L — the volatility before the move, so the move does not dilute its own
 * z-score. z < −threshold buys, z > +threshold sells; the hold equals the lookback. The optional
 * stop sits `stopSd` standard deviations of the holding period from the decision close.
 */
import type { Family, Side, Signal, Universe } from '../types';
import { decisionHours, logReturns, trailingSd } from './features';
import { defineVariants, gridOf } from './variants';

export const SIGMA_WINDOW_HOURS = 720;

/** `stopSd` 0 means no stop. */
type MeanReversionParams = { lookbackHours: number; z: number; stopSd: number };

function meanReversionSignals(universe: Universe, params: MeanReversionParams): Signal[] {
  const { lookbackHours: lookback, z: threshold, stopSd } = params;
  const hours = decisionHours(universe);
  const signals: Signal[] = [];
  const pairs = universe.pairs.map((pair) => ({
    close: pair.close,
    sigma: trailingSd(logReturns(pair.close), {
      window: SIGMA_WINDOW_HOURS,
      minCount: Math.ceil(0.8 * SIGMA_WINDOW_HOURS),
    }),
  }));
  for (const h of hours) {
    if (h < lookback) continue;
    for (let p = 0; p < pairs.length; p++) {
      const { close, sigma } = pairs[p]!;
      const c = close[h]!;
      const sd = sigma[h - lookback]!;
      const z = Math.log(c / close[h - lookback]!) / (sd * Math.sqrt(lookback));
      if (!(Math.abs(z) > threshold)) continue;
      const side: Side = z < 0 ? 1 : -1;
      const signal: Signal = {
        pair: p,
        at: h,
        side,
        entry: { kind: 'market' },
        holdHours: lookback,
        score: Math.abs(z),
      };
      if (stopSd > 0) signal.stopLoss = c * Math.exp(-side * stopSd * sd * Math.sqrt(lookback));
      signals.push(signal);
    }
  }
  return signals;
}

export const meanReversion: Family = {
  name: 'mean-reversion',
  rationale:
    'A one- to three-day move of several standard deviations in a single pair is often an ' +
    'overshoot — a liquidation cascade or a thin order book swept — and part of it is given back ' +
    'over the following days once the forced flow stops. The trades are rare and catch falling ' +
    'knives: real news moves do not revert, a stop limits those but also cuts the trades that ' +
    'revert only after a further dip, and the round trip eats a large share of a partial retracement.',
  variants: defineVariants({
    family: 'mean-reversion',
    grid: gridOf<MeanReversionParams>({
      lookbackHours: [24, 72],
      z: [2, 3],
      stopSd: [0, 2],
    }),
    signals: meanReversionSignals,
  }),
};
