import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../../lib/api-client';
import { DEFAULT_OFFER_FILTERS, type OfferFilters } from './offer-filters';
import { matchesFilters, offersListQuery } from './offers-query';
import { testOffer } from '../../../testing/test-offer';

describe('the list query', () => {
  it('sends the defaults as the spec lists them, leaving out an empty search and empty lists', () => {
    expect(buildQuery(offersListQuery(DEFAULT_OFFER_FILTERS))).toBe(
      '?minSuccessRate=0&maxSuccessRate=100&minHeatScore=0&maxHeatScore=100&status=open%2Chot' +
        '&sortBy=createdAt&sortDir=desc&include=volume%2Cleverage',
    );
  });

  it('sends the chosen filters as comma lists, the search trimmed', () => {
    const filters: OfferFilters = {
      ...DEFAULT_OFFER_FILTERS,
      search: ' eth ',
      positionTypes: ['long', 'short'],
      riskLevels: ['low'],
      statuses: ['hot'],
      successRate: { min: 60, max: 90 },
      sortBy: 'successRate',
      sortDir: 'asc',
    };
    expect(buildQuery(offersListQuery(filters))).toBe(
      '?search=eth&positionType=long%2Cshort&riskLevel=low&minSuccessRate=60&maxSuccessRate=90' +
        '&minHeatScore=0&maxHeatScore=100&status=hot&sortBy=successRate&sortDir=asc&include=volume%2Cleverage',
    );
  });
});

describe('whether a live offer belongs in the filtered list', () => {
  const offer = testOffer('a', {
    pair: 'ETH/USD',
    status: 'hot',
    riskLevel: 'low',
    successRate: 60,
    heatScore: 80,
  });
  const matches = (over: Partial<OfferFilters>) =>
    matchesFilters(offer, { ...DEFAULT_OFFER_FILTERS, ...over });

  it('matches the defaults, and an empty status selection means open and hot', () => {
    expect(matches({})).toBe(true);
    expect(matches({ statuses: [] })).toBe(true);
    expect(matchesFilters({ ...offer, status: 'expired' }, { ...DEFAULT_OFFER_FILTERS, statuses: [] })).toBe(
      false,
    );
    expect(matches({ statuses: ['open'] })).toBe(false);
  });

  it('follows each filter, ranges inclusive', () => {
    expect(matches({ positionTypes: ['long'] })).toBe(true);
    expect(matches({ positionTypes: ['short'] })).toBe(false);
    expect(matches({ riskLevels: ['medium', 'high'] })).toBe(false);
    expect(matches({ successRate: { min: 60, max: 60 } })).toBe(true);
    expect(matches({ successRate: { min: 61, max: 100 } })).toBe(false);
    expect(matches({ heatScore: { min: 0, max: 79 } })).toBe(false);
  });

  it("searches the pair as the server does: any case, '-' for '/', or without the slash", () => {
    for (const search of ['eth', 'ETH/USD', 'eth-usd', 'ethusd', '  '])
      expect(matches({ search }), search).toBe(true);
    expect(matches({ search: 'BTC' })).toBe(false);
  });
});
