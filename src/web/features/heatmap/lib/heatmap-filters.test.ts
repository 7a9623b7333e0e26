import { describe, expect, it } from 'vitest';
import { heatMapQuerySchema } from '../../../../contract/heatmap';
import { buildHeatMapQuery, DEFAULT_FILTERS, searchFromLink, setRangeBound } from './heatmap-filters';

describe('heat map query', () => {
  it('sends the defaults of trader spec 9 (30d, heat_desc, full ranges) and no optional filter', () => {
    expect(buildHeatMapQuery(DEFAULT_FILTERS)).toEqual({
      timeRange: '30d',
      minHeat: 0,
      maxHeat: 100,
      minSuccess: 0,
      maxSuccess: 100,
      minProgrev: 0,
      maxProgrev: 1,
      sortBy: 'heat_desc',
      positionType: 'all',
    });
  });

  it('sends search, position type, trend, risk and the active-triggers filter when set', () => {
    const query = buildHeatMapQuery({
      ...DEFAULT_FILTERS,
      search: '  eth ',
      positionType: 'scalp_long',
      trend: 'bearish',
      riskLevel: 'high',
      activeTriggersOnly: true,
      sortBy: 'progrev_desc',
    });
    expect(query).toMatchObject({
      search: 'eth',
      positionType: 'scalp_long',
      trend: 'bearish',
      riskLevel: 'high',
      filter: 'active_triggers',
      sortBy: 'progrev_desc',
    });
    expect(heatMapQuerySchema.safeParse(query).success).toBe(true);
  });

  it('leaves out position type, trend and risk unless they hold an allowed value', () => {
    const query = buildHeatMapQuery({
      ...DEFAULT_FILTERS,
      positionType: 'sideways',
      trend: 'up',
      riskLevel: 'very_high',
      search: '   ',
    });
    for (const key of ['positionType', 'trend', 'riskLevel', 'search', 'filter'])
      expect(query).not.toHaveProperty(key);
  });
});

describe('range bounds', () => {
  it('takes a valid value, snapped to the step', () => {
    expect(setRangeBound('heat', [0, 100], 'min', '42')).toEqual([42, 100]);
    expect(setRangeBound('progrev', [0, 1], 'max', '0.30000000000000004')).toEqual([0, 0.3]);
    expect(setRangeBound('success', [10, 90], 'max', '55.4')).toEqual([10, 55]);
  });

  it('falls back to the lowest value for an invalid min and the highest for an invalid max', () => {
    expect(setRangeBound('heat', [30, 80], 'min', 'abc')).toEqual([0, 80]);
    expect(setRangeBound('heat', [30, 80], 'min', '-5')).toEqual([0, 80]);
    expect(setRangeBound('heat', [30, 80], 'max', '')).toEqual([30, 100]);
    expect(setRangeBound('progrev', [0.2, 0.5], 'max', '1.5')).toEqual([0.2, 1]);
  });

  it('raises max to equal min when min exceeds it, also when max is moved below min', () => {
    expect(setRangeBound('heat', [0, 50], 'min', '70')).toEqual([70, 70]);
    expect(setRangeBound('success', [60, 90], 'max', '40')).toEqual([60, 60]);
    expect(setRangeBound('progrev', [0, 0.4], 'min', '0.75')).toEqual([0.75, 0.75]);
  });
});

describe('search from ?pair=', () => {
  it('takes the pair as the search, as the API accepts it', () => {
    expect(searchFromLink('BTC/USD')).toBe('BTC/USD');
    expect(searchFromLink(null)).toBe('');
    expect(searchFromLink(' ETH/USD\u0000\n')).toBe('ETH/USD');
    expect(searchFromLink('X'.repeat(150))).toHaveLength(100);
  });
});
