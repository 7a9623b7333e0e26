/**
 * The strategy families, in a fixed order (reports and trial counts follow it). Every family
 * decides at the close of the last hour of a UTC day (the candle opening at 23:00 UTC; see
 * features.ts) from candles up to that hour only, and holds 1-7 days.
 */
import type { Family } from '../types';
import { makerEntry } from './maker-entry';
import { meanReversion } from './mean-reversion';
import { tsTrend } from './ts-trend';
import { volRegime } from './vol-regime';
import { volumeShock } from './volume-shock';
import { xsMomentum } from './xs-momentum';
import { xsReversal } from './xs-reversal';

export const FAMILIES: Family[] = [
  tsTrend,
  xsMomentum,
  xsReversal,
  volRegime,
  volumeShock,
  meanReversion,
  makerEntry,
];

/** The family of that name; throws, naming the known ones, for an unknown name (a typo in a command). */
export function familyByName(name: string): Family {
  const family = FAMILIES.find((f) => f.name === name);
  if (!family) {
    throw new Error(`Unknown family "${name}"; known: ${FAMILIES.map((f) => f.name).join(', ')}`);
  }
  return family;
}
