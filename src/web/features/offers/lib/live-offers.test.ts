import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../../contract/offers';
import type { OffersPages } from '../api/get-offers';
import { applyNewOffer, applyOfferUpdate, flattenOffers } from './live-offers';
import { testOffer } from '../../../testing/test-offer';

function pages(...lists: string[][]): OffersPages {
  return {
    pages: lists.map((ids) => ({
      data: ids.map((id) => testOffer(id)),
      total: lists.flat().length,
      received: ids.length,
    })),
    pageParams: lists.map((_, i) => i * 20),
  };
}
const ids = (p: OffersPages) => flattenOffers(p).map((o) => o.id);
/** The default filters' test: open and hot offers are listed. */
const openOrHot = (offer: Offer) => offer.status === 'open' || offer.status === 'hot';

describe('live offers', () => {
  it('replaces an updated offer where it is listed, on any loaded page', () => {
    const before = pages(['a', 'b'], ['c']);
    const updated = testOffer('c', { heatScore: 88, status: 'hot' });
    const { pages: after, outcome } = applyOfferUpdate(before, updated, openOrHot);
    expect(outcome).toBe('replaced');
    expect(ids(after)).toEqual(['a', 'b', 'c']);
    expect(after.pages[1]!.data[0]).toBe(updated);
    expect(after.pages[1]!.received).toBe(1);
    expect(before.pages[1]!.data[0]!.heatScore).toBe(40);
  });

  it('drops an offer that left the listed statuses (expired, closed), with no toast outcome', () => {
    const { pages: after, outcome } = applyOfferUpdate(
      pages(['a', 'b']),
      testOffer('a', { status: 'expired' }),
      openOrHot,
    );
    expect(outcome).toBe('removed');
    expect(ids(after)).toEqual(['b']);
    // 'Load More' still follows what the server sent.
    expect(after.pages[0]!.received).toBe(2);
  });

  it('leaves the list alone for an offer it does not show (e.g. one the trader acted on)', () => {
    const before = pages(['a']);
    const { pages: after, outcome } = applyOfferUpdate(before, testOffer('z', { status: 'hot' }), openOrHot);
    expect(outcome).toBe('absent');
    expect(after).toBe(before);
  });

  it('puts a new offer at the top, and never twice', () => {
    const once = applyNewOffer(pages(['a', 'b'], ['c']), testOffer('n', { pair: 'ETH/USD' }), openOrHot);
    expect(ids(once)).toEqual(['n', 'a', 'b', 'c']);
    const twice = applyNewOffer(once, testOffer('n', { pair: 'ETH/USD', heatScore: 77 }), openOrHot);
    expect(ids(twice)).toEqual(['n', 'a', 'b', 'c']);
    expect(flattenOffers(twice)[0]!.heatScore).toBe(77);
  });

  it('leaves a new offer the filters would not list off the screen', () => {
    const before = pages(['a']);
    const ethOnly = (offer: Offer) => offer.pair === 'ETH/USD';
    expect(applyNewOffer(before, testOffer('n', { pair: 'SOL/USD' }), ethOnly)).toBe(before);
    expect(ids(applyNewOffer(before, testOffer('e', { pair: 'ETH/USD' }), ethOnly))).toEqual(['e', 'a']);
  });

  it('drops a listed offer whose update no longer matches the filters', () => {
    const hotOnly = (offer: Offer) => offer.status === 'hot';
    const before = pages(['a', 'b']);
    expect(applyOfferUpdate(before, testOffer('a', { status: 'open' }), hotOnly).outcome).toBe('removed');
  });

  it('shows a row repeated by a later page once (the server list shifted between pages)', () => {
    expect(ids(pages(['a', 'b'], ['b', 'c']))).toEqual(['a', 'b', 'c']);
    expect(flattenOffers(undefined)).toEqual([]);
  });
});
