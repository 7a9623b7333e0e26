import { describe, expect, it } from 'vitest';
import { heatMapQuerySchema } from '../../../../contract/heatmap';
import { buildQuery } from '../../../lib/api-client';
import { testEntry } from '../../../testing/test-heat-entry';
import { topPairRows, topPairsQuery } from './top-pairs';

describe('topPairsQuery', () => {
  it('asks for the 3 hottest pairs of 7 days of the preferred position types', () => {
    const query = topPairsQuery(['long', 'scalp_short']);
    expect(buildQuery(query)).toBe('?timeRange=7d&limit=3&sortBy=heat_desc&positionType=long%2Cscalp_short');
    expect(heatMapQuerySchema.parse(query).positionType).toEqual(['long', 'scalp_short']);
  });

  it('omits positionType when the trader prefers none', () => {
    expect(buildQuery(topPairsQuery([]))).toBe('?timeRange=7d&limit=3&sortBy=heat_desc');
  });
});

describe('topPairRows', () => {
  it('ranks by heat, hottest first, and keeps 3 when live changes brought more', () => {
    const map = {
      'A/USD': testEntry('A/USD', { heatScore: 40 }),
      'B/USD': testEntry('B/USD', { heatScore: 90 }),
      'C/USD': testEntry('C/USD', { heatScore: 10 }),
      'D/USD': testEntry('D/USD', { heatScore: 70 }),
    };
    expect(topPairRows(map, []).map((e) => e.pair)).toEqual(['B/USD', 'D/USD', 'A/USD']);
  });

  it('keeps to the preferred position types, as the query did', () => {
    const map = {
      'A/USD': testEntry('A/USD', { heatScore: 40, positionType: 'long' }),
      'B/USD': testEntry('B/USD', { heatScore: 90, positionType: 'short' }),
    };
    expect(topPairRows(map, ['long']).map((e) => e.pair)).toEqual(['A/USD']);
    expect(topPairRows({}, ['long'])).toEqual([]);
  });
});
