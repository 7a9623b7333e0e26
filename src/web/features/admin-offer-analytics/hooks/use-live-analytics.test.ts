import { describe, expect, it } from 'vitest';
import { testAdminEntry as entry } from '../../../testing/test-heat-entry';
import { mergeAdminUpdate } from './use-live-analytics';

describe('a live heatmap_update on Offer Analytics', () => {
  it("merges the changed fields and keeps the pair's recent errors", () => {
    const held = {
      'BTC/USD': entry('BTC/USD', {
        recentErrors: [{ error: 'feed timeout', at: '2026-11-21T09:00:00.000Z' }],
      }),
    };
    const next = mergeAdminUpdate(held, { 'BTC/USD': { heatScore: 88, status: 'hot' } });
    expect(next['BTC/USD']).toMatchObject({ heatScore: 88, status: 'hot', successRate: 55 });
    expect(next['BTC/USD']!.recentErrors).toEqual(held['BTC/USD'].recentErrors);
    expect(held['BTC/USD'].heatScore).toBe(40);
  });

  it('adds a new pair only from a whole entry, with no errors', () => {
    const { recentErrors: _none, ...whole } = entry('ETH/USD');
    expect(mergeAdminUpdate({}, { 'ETH/USD': { heatScore: 60 } })).toEqual({});
    expect(mergeAdminUpdate({}, { 'ETH/USD': whole })['ETH/USD']).toEqual(entry('ETH/USD'));
  });
});
