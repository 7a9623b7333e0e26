import type { Family } from '../types';
import { crossSectionSignals, type Legs } from './cross-section';
import { defineVariants, gridOf } from './variants';

type XsMomentumParams = { lookbackDays: number; k: number; legs: Legs; holdHours: number };

export const xsMomentum: Family = {
  name: 'xs-momentum',
  rationale:
    'Among crypto pairs, the ones that rose most over the past one to four weeks tend to keep ' +
    'outperforming the others for the next week (attention and capital rotate into recent winners ' +
    'gradually), so longing the top of the ranking, and shorting the bottom, harvests relative ' +
    'strength while the long-short book hedges the common market move. With ~13 pairs the ranking ' +
    'is noisy, the effect is known to reverse in crashes, and weekly re-ranking turns the book over ' +
    'often enough that the round-trip costs can absorb a thin spread between winners and losers.',
  variants: defineVariants({
    family: 'xs-momentum',
    grid: gridOf<XsMomentumParams>({
      lookbackDays: [7, 14, 28],
      k: [2],
      legs: ['long', 'long-short'],
      holdHours: [168],
    }),
    signals: (universe, params) => crossSectionSignals(universe, { ...params, direction: 'momentum' }),
  }),
};
