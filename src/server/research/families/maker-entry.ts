/**
 * ts-trend's 20-day moving-average rule entered with a resting limit order instead of at market:
 * `atrFraction` × ATR below the decision close for a long (above for a short), valid for
 * `validHours` from the next open. ATR is the mean true range of the 24 hourly candles ending at
 * the decision hour. Same rule, side and hold as ts-trend's `rule=ma,days=20` variants, so the
 * comparison isolates the entry.
 */
import type { Family, Signal, Universe } from '../types';
import { averageTrueRange, decisionHours } from './features';
import { collectTrendSignals, pairTrendStates, TREND_HOLD_HOURS } from './ts-trend';
import { defineVariants, gridOf, sideOf, type SideName } from './variants';

export const MAKER_MA_DAYS = 20;
export const ATR_WINDOW_HOURS = 24;

type MakerEntryParams = { atrFraction: number; validHours: number; side: SideName; holdHours: number };

function makerEntrySignals(universe: Universe, params: MakerEntryParams): Signal[] {
  const hours = decisionHours(universe);
  const side = sideOf(params.side);
  const atrs = universe.pairs.map((pair) =>
    averageTrueRange(pair, { window: ATR_WINDOW_HOURS, minCount: Math.ceil(0.8 * ATR_WINDOW_HOURS) }),
  );
  return collectTrendSignals({
    hours,
    states: universe.pairs.map((pair) => pairTrendStates(pair, hours, 'ma', MAKER_MA_DAYS)),
    side,
    holdHours: params.holdHours,
    enter: (p, d) => {
      const h = hours[d]!;
      const price = universe.pairs[p]!.close[h]! - side * params.atrFraction * atrs[p]![h]!;
      return price > 0 ? { kind: 'limit', price, validHours: params.validHours } : null;
    },
  });
}

export const makerEntry: Family = {
  name: 'maker-entry',
  rationale:
    'Entering the trend signal with a limit order a fraction of the hourly ATR inside the close pays ' +
    'the maker fee instead of the taker fee on the entry leg and buys at a better price when the next ' +
    'hours’ noise comes to it, perhaps 0.05-0.2 % per trade on the same trades. The catch is adverse ' +
    'selection: the order fills when price moves against the signal and misses the trades that run ' +
    'away at once, which are often the best ones, so the saving can be more than lost to the fills.',
  variants: defineVariants({
    family: 'maker-entry',
    grid: gridOf<MakerEntryParams>({
      atrFraction: [0.25, 0.5],
      validHours: [4, 12],
      side: ['long', 'short'],
      holdHours: [TREND_HOLD_HOURS],
    }),
    signals: makerEntrySignals,
  }),
};
