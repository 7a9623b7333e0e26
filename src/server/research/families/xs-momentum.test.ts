import { describe, expect, it } from 'vitest';
import type { Variant } from '../types';
import { decisionHours } from './features';
import { randomUniverse } from './testing/universes';
import { xsMomentum } from './xs-momentum';

const variant = (name: string): Variant => {
  const found = xsMomentum.variants.find((v) => v.name === name);
  if (!found) throw new Error(`no variant ${name}`);
  return found;
};
const LONG_7 = 'lookbackDays=7,k=2,legs=long,holdHours=168';
const LONG_SHORT_28 = 'lookbackDays=28,k=2,legs=long-short,holdHours=168';

const pairs = ['AAA', 'BBB', 'CCC', 'DDD'].map((symbol) => ({ symbol, hourlyVol: 0.005 }));

describe('xs-momentum', () => {
  // WIN climbs 4.8 % a day on top of the same noise as the others.
  const universe = randomUniverse({
    seed: 5,
    hours: 120 * 24,
    pairs: [
      ...pairs,
      { symbol: 'WIN', hourlyVol: 0.005, trend: { from: 0, to: 120 * 24, driftPerHour: 0.002 } },
    ],
  });

  it.each([LONG_7, LONG_SHORT_28])(
    '%s longs the strongest pair on every decision day and never shorts it',
    (name) => {
      const signals = variant(name).signals(universe);
      const days = new Set(signals.map((s) => s.at));
      expect(days.size).toBeGreaterThan(80);
      for (const at of days)
        expect(signals).toContainEqual(expect.objectContaining({ at, pair: 4, side: 1 }));
      expect(signals.filter((s) => s.pair === 4 && s.side === -1)).toEqual([]);
    },
  );

  it('trades k pairs per leg a day: 2 longs, or 2 longs and 2 shorts', () => {
    const perDay = (name: string, side: 1 | -1) => {
      const signals = variant(name)
        .signals(universe)
        .filter((s) => s.side === side);
      return new Set(
        Array.from(new Set(signals.map((s) => s.at)), (at) => signals.filter((s) => s.at === at).length),
      );
    };
    expect(perDay(LONG_7, 1)).toEqual(new Set([2]));
    expect(perDay(LONG_7, -1)).toEqual(new Set());
    expect(perDay(LONG_SHORT_28, 1)).toEqual(new Set([2]));
    expect(perDay(LONG_SHORT_28, -1)).toEqual(new Set([2]));
  });

  it('ranks a pair only once it has traded for the lookback, and needs four pairs ranked', () => {
    const late = randomUniverse({
      seed: 5,
      hours: 120 * 24,
      pairs: [
        ...pairs.slice(0, 3),
        {
          symbol: 'NEW',
          hourlyVol: 0.005,
          listedAt: 60 * 24,
          trend: { from: 0, to: 120 * 24, driftPerHour: 0.003 },
        },
      ],
    });
    const hours = decisionHours(late);
    const signals = variant(LONG_7).signals(late);
    // Three pairs until NEW has a close 7 decision days back: nothing before day 67.
    expect(signals[0]!.at).toBe(hours[67]);
    expect(signals.filter((s) => s.at === hours[67]).map((s) => s.pair)).toContain(3);
  });
});
