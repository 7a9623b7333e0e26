import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYTICS_FILTERS as DEFAULTS, analyticsQuery, selectAnalytics } from './analytics-filters';
import { sortByColumn, toggleSort } from './column-sort';
import { testAdminEntry as entry } from '../../../testing/test-heat-entry';

const pairs = (list: { pair: string }[]) => list.map((e) => e.pair);

describe('Offer Analytics filters', () => {
  it('asks for 7 days by heat with nothing else by default', () => {
    expect(analyticsQuery(DEFAULTS)).toEqual({
      timeRange: '7d',
      sort: 'heat_desc',
      minHeat: undefined,
      bias: undefined,
      trend: undefined,
      riskLevel: undefined,
      filter: undefined,
    });
  });

  it('sends every chosen filter', () => {
    expect(
      analyticsQuery({
        timeRange: '30d',
        bias: 'short',
        trend: 'bearish',
        riskLevel: 'high',
        minHeat: 60,
        sort: 'progrev_desc',
        activeTriggersOnly: true,
      }),
    ).toEqual({
      timeRange: '30d',
      sort: 'progrev_desc',
      minHeat: 60,
      bias: 'short',
      trend: 'bearish',
      riskLevel: 'high',
      filter: 'active_triggers',
    });
  });

  it('applies min heat, bias (the direction of a position type), trend, risk and active triggers locally', () => {
    const all = [
      entry('A/USD', {
        heatScore: 80,
        positionType: 'scalp_short',
        refereeTrend: 'bearish',
        refereeRisk: 'high',
      }),
      entry('B/USD', { heatScore: 20, positionType: 'ml_scalp_bearish' }),
      entry('C/USD', { heatScore: 90, positionType: 'quick_long', activeTriggers: ['breakout'] }),
      entry('D/USD', { heatScore: 70, positionType: 'hedge_balanced' }),
    ];
    expect(pairs(selectAnalytics(all, DEFAULTS))).toEqual(['C/USD', 'A/USD', 'D/USD', 'B/USD']);
    expect(pairs(selectAnalytics(all, { ...DEFAULTS, minHeat: 75 }))).toEqual(['C/USD', 'A/USD']);
    expect(pairs(selectAnalytics(all, { ...DEFAULTS, bias: 'short' }))).toEqual(['A/USD', 'B/USD']);
    expect(pairs(selectAnalytics(all, { ...DEFAULTS, bias: 'balanced' }))).toEqual(['D/USD']);
    expect(pairs(selectAnalytics(all, { ...DEFAULTS, trend: 'bearish', riskLevel: 'high' }))).toEqual([
      'A/USD',
    ]);
    expect(pairs(selectAnalytics(all, { ...DEFAULTS, activeTriggersOnly: true }))).toEqual(['C/USD']);
  });

  it('orders by progrev or by last update, newest first', () => {
    const all = [
      entry('A/USD', { progrevScore: 0.2, lastUpdated: '2026-11-21T12:00:00.000Z' }),
      entry('B/USD', { progrevScore: 0.9, lastUpdated: '2026-11-21T11:00:00.000Z' }),
    ];
    expect(pairs(selectAnalytics(all, { ...DEFAULTS, sort: 'progrev_desc' }))).toEqual(['B/USD', 'A/USD']);
    expect(pairs(selectAnalytics(all, { ...DEFAULTS, sort: 'updated_desc' }))).toEqual(['A/USD', 'B/USD']);
  });
});

describe('the table column sort', () => {
  const all = [
    entry('B/USD', { tickerData: { ...entry('x').tickerData, volume_7d: 5 } }),
    entry('A/USD', { tickerData: { ...entry('x').tickerData, volume_7d: 9 } }),
    entry('C/USD', { tickerData: { ...entry('x').tickerData, volume_7d: 1 } }),
  ];

  it('toggles ascending, then descending, and starts ascending on another column', () => {
    const first = toggleSort(null, 'volume7d');
    expect(first).toEqual({ key: 'volume7d', direction: 'asc' });
    expect(toggleSort(first, 'volume7d')).toEqual({ key: 'volume7d', direction: 'desc' });
    expect(toggleSort({ key: 'volume7d', direction: 'desc' }, 'volume7d').direction).toBe('asc');
    expect(toggleSort(first, 'pair')).toEqual({ key: 'pair', direction: 'asc' });
  });

  it('sorts numbers as numbers and text as text, keeping the given order without a sort', () => {
    expect(pairs(sortByColumn(all, { key: 'volume7d', direction: 'asc' }))).toEqual([
      'C/USD',
      'B/USD',
      'A/USD',
    ]);
    expect(pairs(sortByColumn(all, { key: 'pair', direction: 'desc' }))).toEqual(['C/USD', 'B/USD', 'A/USD']);
    expect(pairs(sortByColumn(all, null))).toEqual(['B/USD', 'A/USD', 'C/USD']);
  });
});
