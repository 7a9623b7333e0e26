import { describe, expect, it } from 'vitest';
import type { Variant } from '../types';
import { decisionHours } from './features';
import { randomUniverse } from './testing/universes';
import { trendStates, tsTrend } from './ts-trend';

const variant = (name: string): Variant => {
  const found = tsTrend.variants.find((v) => v.name === name);
  if (!found) throw new Error(`no variant ${name}`);
  return found;
};

describe('trendStates', () => {
  it('ma: the close against the mean of the last n closes, today included', () => {
    const { state, strength } = trendStates(Float64Array.from([1, 2, 3, 2, 1]), 'ma', 3);
    expect(Array.from(state)).toEqual([0, 0, 1, -1, -1]);
    expect(strength[2]).toBeCloseTo(0.5, 12);
    expect(strength[3]).toBeCloseTo(2 / (7 / 3) - 1, 12);
  });

  it('breakout: the close beyond the range of the n closes before today', () => {
    const { state, strength } = trendStates(Float64Array.from([1, 2, 3, 2, 1, 4]), 'breakout', 2);
    expect(Array.from(state)).toEqual([0, 0, 1, 0, -1, 1]);
    expect(strength[5]).toBeCloseTo(1, 12);
    expect(strength[4]).toBeCloseTo(-0.5, 12);
  });

  it('is flat where the close is missing, and while the window holds under 80 % of its closes', () => {
    const { state } = trendStates(Float64Array.from([1, 2, 3, NaN, 5, 6]), 'ma', 2);
    expect(Array.from(state)).toEqual([0, 1, 1, 0, 0, 1]);
  });
});

describe('ts-trend on planted trends (days 80-160): BTC up 4.8 % a day, ETH down as much', () => {
  const trend = (driftPerHour: number) => ({ from: 80 * 24, to: 160 * 24, driftPerHour });
  const universe = randomUniverse({
    seed: 11,
    hours: 200 * 24,
    pairs: [
      { symbol: 'BTC', hourlyVol: 0.005, trend: trend(0.002) },
      { symbol: 'ETH', hourlyVol: 0.005, trend: trend(-0.002) },
    ],
  });
  const hours = decisionHours(universe);
  /** Trend days once the 50-day average has caught up with the trend. */
  const trendDays = Array.from(hours.slice(110, 160));
  const daysWith = (name: string, pair: number) =>
    new Set(
      variant(name)
        .signals(universe)
        .filter((s) => s.pair === pair)
        .map((s) => s.at),
    );
  const shareOfTrendDays = (days: Set<number>) =>
    trendDays.filter((h) => days.has(h)).length / trendDays.length;

  it.each([20, 50])('ma %i: long on nearly every day of the up-trend and never short', (days) => {
    expect(shareOfTrendDays(daysWith(`rule=ma,days=${days},side=long,holdHours=24`, 0))).toBeGreaterThan(0.9);
    expect(shareOfTrendDays(daysWith(`rule=ma,days=${days},side=short,holdHours=24`, 0))).toBe(0);
  });

  it.each([20, 50])('ma %i: short on nearly every day of the down-trend and never long', (days) => {
    expect(shareOfTrendDays(daysWith(`rule=ma,days=${days},side=short,holdHours=24`, 1))).toBeGreaterThan(
      0.9,
    );
    expect(shareOfTrendDays(daysWith(`rule=ma,days=${days},side=long,holdHours=24`, 1))).toBe(0);
  });

  it('the 20-day breakout keeps firing during the up-trend, more often than before it', () => {
    const signals = variant('rule=breakout,days=20,side=long,holdHours=24')
      .signals(universe)
      .filter((s) => s.pair === 0);
    const during = signals.filter((s) => s.at >= hours[80]! && s.at < hours[160]!).length;
    const before = signals.filter((s) => s.at < hours[80]!).length;
    expect(during).toBeGreaterThan(20);
    expect(during).toBeGreaterThan(2 * before);
  });
});
