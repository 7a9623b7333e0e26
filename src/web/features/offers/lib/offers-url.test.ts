import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFER_FILTERS } from './offer-filters';
import { DEFAULT_OFFERS_VIEW, parseOffersView, serializeOffersView, type OffersView } from './offers-url';

const parse = (query: string) => parseOffersView(new URLSearchParams(query));

const chosen: OffersView = {
  tab: 'risky',
  filters: {
    search: 'ETH/USD',
    positionTypes: ['short', 'scalp_long', 'ml_scalp_neutral'],
    riskLevels: ['medium', 'high'],
    statuses: ['hot'],
    successRate: { min: 40, max: 90 },
    heatScore: { min: 75, max: 75 },
    sortBy: 'heatScore',
    sortDir: 'asc',
    usePrefs: true,
  },
};

describe('the offers view in the address bar', () => {
  it('writes every part of a view in the spec order and reads the same view back', () => {
    const query = serializeOffersView(chosen).toString();
    expect(query).toBe(
      'tab=risky&search=ETH%2FUSD&positionType=short%2Cscalp_long%2Cml_scalp_neutral' +
        '&riskLevel=medium%2Chigh&minSuccessRate=40&maxSuccessRate=90&minHeatScore=75&maxHeatScore=75' +
        '&status=hot&sortBy=heatScore&sortDir=asc&usePrefs=true',
    );
    expect(parse(query)).toEqual(chosen);
  });

  it('round-trips the defaults and an emptied status selection', () => {
    expect(parse(serializeOffersView(DEFAULT_OFFERS_VIEW).toString())).toEqual(DEFAULT_OFFERS_VIEW);
    const noStatus: OffersView = { tab: 'all', filters: { ...DEFAULT_OFFER_FILTERS, statuses: [] } };
    const query = serializeOffersView(noStatus).toString();
    expect(query).toContain('status=&');
    expect(parse(query)).toEqual(noStatus);
  });

  it('reads an empty address as the default view: hot tab, both statuses, full ranges, newest first', () => {
    expect(parse('')).toEqual(DEFAULT_OFFERS_VIEW);
    expect(DEFAULT_OFFERS_VIEW.filters).toMatchObject({
      statuses: ['open', 'hot'],
      successRate: { min: 0, max: 100 },
      sortBy: 'createdAt',
      sortDir: 'desc',
      usePrefs: false,
    });
  });

  it('falls back to the default for each junk value', () => {
    const view = parse(
      'tab=cold&positionType=sideways&riskLevel=extreme&status=expired&minSuccessRate=abc' +
        '&maxSuccessRate=250&minHeatScore=-5&maxHeatScore=12.5&sortBy=price&sortDir=up&usePrefs=yes',
    );
    expect(view).toEqual(DEFAULT_OFFERS_VIEW);
  });

  it('keeps the known values of a list, once each and in a fixed order', () => {
    const { filters } = parse('positionType=quick_short,long,bogus,long&riskLevel=high,,low&status=hot,open');
    expect(filters.positionTypes).toEqual(['long', 'quick_short']);
    expect(filters.riskLevels).toEqual(['low', 'high']);
    expect(filters.statuses).toEqual(['open', 'hot']);
  });

  it('raises a max below its min to the min, and cuts an over-long search', () => {
    const { filters } = parse(
      `minSuccessRate=80&maxSuccessRate=30&maxHeatScore=20&search=${'A'.repeat(120)}`,
    );
    expect(filters.successRate).toEqual({ min: 80, max: 80 });
    expect(filters.heatScore).toEqual({ min: 0, max: 20 });
    expect(filters.search).toHaveLength(100);
  });
});
