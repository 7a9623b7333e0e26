/**
 * The moving-average trend rule of ts-trend, traded only in one volatility regime of the pair.
 * Realised volatility is the standard deviation of the last week's hourly log returns, sampled at
 * each decision hour; its regime is that value's percentile among the pair's own earlier daily
 * values (expanding window, so no later volatility informs it), needing 90 earlier days.
 */
import type { Family, Signal, Universe } from '../types';
import { decisionHours, expandingPercentileRank, logReturns, sampleAt, trailingSd } from './features';
import { collectTrendSignals, MARKET_ENTRY, pairTrendStates, TREND_HOLD_HOURS } from './ts-trend';
import { defineVariants, gridOf, sideOf, type SideName } from './variants';

export const VOL_WINDOW_HOURS = 168;
export const VOL_MIN_HISTORY_DAYS = 90;
/** `low` trades below the 1st tercile of the pair's past volatility, `high` above the 2nd. */
const TERCILE = 1 / 3;

type VolRegimeParams = { regime: 'low' | 'high'; maDays: number; side: SideName; holdHours: number };

/** Per decision day, the percentile of the pair's realised volatility against its own past. */
export function volatilityPercentiles(close: Float64Array, hours: Int32Array): Float64Array {
  const vol = trailingSd(logReturns(close), {
    window: VOL_WINDOW_HOURS,
    minCount: Math.ceil(0.8 * VOL_WINDOW_HOURS),
  });
  return expandingPercentileRank(sampleAt(vol, hours), VOL_MIN_HISTORY_DAYS);
}

function volRegimeSignals(universe: Universe, params: VolRegimeParams): Signal[] {
  const hours = decisionHours(universe);
  const inRegime = (pct: number) => (params.regime === 'low' ? pct < TERCILE : pct > 1 - TERCILE);
  const percentiles = universe.pairs.map((pair) => volatilityPercentiles(pair.close, hours));
  return collectTrendSignals({
    hours,
    states: universe.pairs.map((pair) => pairTrendStates(pair, hours, 'ma', params.maDays)),
    side: sideOf(params.side),
    holdHours: params.holdHours,
    enter: (p, d) => (inRegime(percentiles[p]![d]!) ? MARKET_ENTRY : null),
  });
}

export const volRegime: Family = {
  name: 'vol-regime',
  rationale:
    'Trends that start in calm markets may be driven by steady accumulation and persist, while ' +
    'trends in turbulent markets are more often liquidation cascades that snap back; the opposite ' +
    'story — that crypto trends pay mostly in high-volatility breakouts — is just as plausible, so ' +
    'both regimes are tested. Filtering a third of the days in or out halves the sample, so any ' +
    'gain over plain ts-trend must survive more noise, and a low-volatility regime also means ' +
    'smaller moves to pay the same round-trip cost.',
  variants: defineVariants({
    family: 'vol-regime',
    grid: gridOf<VolRegimeParams>({
      regime: ['low', 'high'],
      maDays: [20, 50],
      side: ['long', 'short'],
      holdHours: [TREND_HOLD_HOURS],
    }),
    signals: volRegimeSignals,
  }),
};
