import type { Family } from '../types';
import { crossSectionSignals, type Legs } from './cross-section';
import { defineVariants, gridOf } from './variants';

type XsReversalParams = { lookbackDays: number; k: number; legs: Legs; holdHours: number };

export const xsReversal: Family = {
  name: 'xs-reversal',
  rationale:
    'A pair that fell (rose) most over the last day, relative to the others, often did so on ' +
    'liquidity pressure — forced liquidations, a large holder selling — rather than news, and gives ' +
    'part of it back over the next days as market makers who absorbed the flow are paid for it. ' +
    'The reversal per trade is small and the holding period short, so the 0.5-0.8 % round trip ' +
    'takes a large share of it, and some of the day’s losers are falling on real news and keep falling.',
  variants: defineVariants({
    family: 'xs-reversal',
    grid: gridOf<XsReversalParams>({
      lookbackDays: [1],
      k: [1, 2],
      legs: ['long', 'long-short'],
      holdHours: [24, 72],
    }),
    signals: (universe, params) => crossSectionSignals(universe, { ...params, direction: 'reversal' }),
  }),
};
