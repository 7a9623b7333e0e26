import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OFFER_FILTERS,
  applyPreferences,
  effectiveFilters,
  parseMaxBound,
  parseMinBound,
  readBound,
  withMax,
  withMin,
  type OfferPreferences,
} from './offer-filters';

describe('range inputs', () => {
  it('take whole numbers 0-100; an invalid min is the lowest value, an invalid max the highest', () => {
    expect([parseMinBound('0'), parseMinBound(' 42 '), parseMinBound('100')]).toEqual([0, 42, 100]);
    for (const junk of ['', 'abc', '-1', '101', '12.5', '1e2'])
      expect([readBound(junk), parseMinBound(junk), parseMaxBound(junk)], junk).toEqual([null, 0, 100]);
  });

  it('keep min at most max: a min above the max raises the max, a max below the min is raised to it', () => {
    expect(withMin({ min: 10, max: 50 }, 30)).toEqual({ min: 30, max: 50 });
    expect(withMin({ min: 10, max: 50 }, 70)).toEqual({ min: 70, max: 70 });
    expect(withMax({ min: 10, max: 50 }, 90)).toEqual({ min: 10, max: 90 });
    expect(withMax({ min: 40, max: 50 }, 20)).toEqual({ min: 40, max: 40 });
  });
});

describe("'Use Preferences'", () => {
  const preferences: OfferPreferences = {
    preferredPositionTypes: ['scalp_short', 'long'],
    preferredRiskLevels: ['very_low', 'medium'],
    minSuccessRate: 70,
  };
  const own = {
    ...DEFAULT_OFFER_FILTERS,
    search: 'BTC',
    positionTypes: ['hedge_long' as const],
    riskLevels: ['high' as const],
    successRate: { min: 10, max: 60 },
    heatScore: { min: 50, max: 90 },
    sortBy: 'heatScore' as const,
  };

  it('takes position types, risk levels and min success rate from the preferences, max success 100', () => {
    expect(applyPreferences(own, preferences)).toEqual({
      ...own,
      positionTypes: ['long', 'scalp_short'],
      // An offer's risk is low, medium or high: a preferred very low risk is its low.
      riskLevels: ['low', 'medium'],
      successRate: { min: 70, max: 100 },
    });
  });

  it('maps very high to high and keeps a preferred minimum within 0-100', () => {
    const result = applyPreferences(own, {
      ...preferences,
      preferredRiskLevels: ['very_high'],
      minSuccessRate: 140,
    });
    expect(result.riskLevels).toEqual(['high']);
    expect(result.successRate).toEqual({ min: 100, max: 100 });
  });

  it('applies only while ticked and once the preferences are known', () => {
    expect(effectiveFilters(own, preferences)).toBe(own);
    const ticked = { ...own, usePrefs: true };
    expect(effectiveFilters(ticked, undefined)).toBe(ticked);
    expect(effectiveFilters(ticked, preferences).successRate).toEqual({ min: 70, max: 100 });
  });
});
