import { describe, expect, it } from 'vitest';
import { replaceRecentOffer } from './recent-offers';
import { testOffer } from '../../../testing/test-offer';

describe('replaceRecentOffer', () => {
  const list = { data: [testOffer('a'), testOffer('b', { pair: 'ETH/USD' })], total: 12 };

  it('replaces the listed offer with the same id, in place', () => {
    const updated = testOffer('b', { pair: 'ETH/USD', status: 'hot', heatScore: 82 });
    const next = replaceRecentOffer(list, updated);
    expect(next.data.map((o) => [o.id, o.status, o.heatScore])).toEqual([
      ['a', 'open', 40],
      ['b', 'hot', 82],
    ]);
    expect(next.total).toBe(12);
    expect(list.data[1]!.status).toBe('open');
  });

  it('leaves the list as it is for an offer it does not hold', () => {
    expect(replaceRecentOffer(list, testOffer('z'))).toBe(list);
  });
});
