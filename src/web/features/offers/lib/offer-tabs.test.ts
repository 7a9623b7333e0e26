import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OFFER_TAB,
  countOffersByTab,
  offersInTab,
  parseOfferTab,
  tabLabel,
  tableTitle,
} from './offer-tabs';
import { testOffer } from '../../../testing/test-offer';

const offers = [
  testOffer('hot-high', { status: 'hot', riskLevel: 'high', successRate: 80 }),
  testOffer('ready', { status: 'open', successRate: 60 }),
  testOffer('almost-ready', { status: 'open', successRate: 59.99 }),
  testOffer('hot-ready-rate', { status: 'hot', successRate: 90 }),
  testOffer('risky-open', { status: 'open', riskLevel: 'high', successRate: 20 }),
];
const ids = (list: { id: string }[]) => list.map((o) => o.id);

describe('offer tabs', () => {
  it('hot = status hot; ready = success at least 60 and open; risky = risk high; all = every offer', () => {
    expect(ids(offersInTab(offers, 'hot'))).toEqual(['hot-high', 'hot-ready-rate']);
    expect(ids(offersInTab(offers, 'ready'))).toEqual(['ready']);
    expect(ids(offersInTab(offers, 'risky'))).toEqual(['hot-high', 'risky-open']);
    expect(ids(offersInTab(offers, 'all'))).toEqual(ids(offers));
  });

  it('counts each tab from the loaded list (an offer may count in several)', () => {
    expect(countOffersByTab(offers)).toEqual({ hot: 2, ready: 1, risky: 2, all: 5 });
    expect(countOffersByTab([])).toEqual({ hot: 0, ready: 0, risky: 0, all: 0 });
  });

  it("labels tabs 'Hot (n)' and the table 'Offers (n Tab)'", () => {
    expect(tabLabel('ready', 3)).toBe('Ready (3)');
    expect(tableTitle('hot', 0)).toBe('Offers (0 Hot)');
    expect(tableTitle('all', 12)).toBe('Offers (12 All)');
  });

  it('reads a tab name, defaulting to hot', () => {
    expect(DEFAULT_OFFER_TAB).toBe('hot');
    expect(parseOfferTab('risky')).toBe('risky');
    expect(parseOfferTab('Risky')).toBe('hot');
    expect(parseOfferTab(null)).toBe('hot');
  });
});
