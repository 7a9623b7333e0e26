import { describe, expect, it } from 'vitest';
import type { HeatMap, HeatMapEntry } from '../../../../contract/heatmap';
import { DEFAULT_FILTERS } from './heatmap-filters';
import { matchesFilters, selectEntries } from './select-entries';
import { testEntry } from '../../../testing/test-heat-entry';

const mapOf = (...entries: HeatMapEntry[]): HeatMap =>
  Object.fromEntries(entries.map((entry) => [entry.pair, entry]));

describe('filters on held entries (the server rules)', () => {
  const entry = testEntry('BTC/USD', {
    heatScore: 80,
    successRate: 60,
    progrevScore: 0.7,
    positionType: 'scalp_long',
    refereeTrend: 'bearish',
    refereeRisk: 'high',
    activeTriggers: ['breakout'],
  });

  it('keeps an entry that every filter allows, including inclusive range ends', () => {
    expect(matchesFilters(entry, DEFAULT_FILTERS)).toBe(true);
    expect(
      matchesFilters(entry, {
        ...DEFAULT_FILTERS,
        heat: [80, 80],
        success: [60, 100],
        progrev: [0, 0.7],
        positionType: 'scalp_long',
        trend: 'bearish',
        riskLevel: 'high',
        activeTriggersOnly: true,
        search: 'btc-usd',
      }),
    ).toBe(true);
  });

  it.each([
    ['heat', { heat: [81, 100] as const }],
    ['success', { success: [0, 59] as const }],
    ['progrev', { progrev: [0.71, 1] as const }],
    ['position type', { positionType: 'long' }],
    ['trend', { trend: 'bullish' }],
    ['risk', { riskLevel: 'low' }],
    ['search', { search: 'eth' }],
  ])('drops an entry outside the %s filter', (_name, over) => {
    expect(matchesFilters(entry, { ...DEFAULT_FILTERS, ...over })).toBe(false);
  });

  it('drops an entry without active triggers when only those are wanted', () => {
    const quiet = testEntry('ETH/USD', { activeTriggers: [] });
    expect(matchesFilters(quiet, { ...DEFAULT_FILTERS, activeTriggersOnly: true })).toBe(false);
  });

  it('orders by the chosen sort, ties by pair', () => {
    const map = mapOf(
      testEntry('C/USD', { heatScore: 50, progrevScore: 0.9, lastUpdated: '2026-11-21T09:00:00.000Z' }),
      testEntry('A/USD', { heatScore: 90, progrevScore: 0.1, lastUpdated: '2026-11-21T08:00:00.000Z' }),
      testEntry('B/USD', { heatScore: 50, progrevScore: 0.5, lastUpdated: '2026-11-21T10:00:00.000Z' }),
    );
    const order = (sortBy: typeof DEFAULT_FILTERS.sortBy) =>
      Object.keys(selectEntries(map, { ...DEFAULT_FILTERS, sortBy }));
    expect(order('heat_desc')).toEqual(['A/USD', 'B/USD', 'C/USD']);
    expect(order('progrev_desc')).toEqual(['C/USD', 'B/USD', 'A/USD']);
    expect(order('updated_desc')).toEqual(['B/USD', 'C/USD', 'A/USD']);
  });

  it('keeps the held entry objects (rows that stay need not redraw)', () => {
    const a = testEntry('A/USD', { refereeTrend: 'bearish' });
    const b = testEntry('B/USD');
    const selected = selectEntries(mapOf(a, b), { ...DEFAULT_FILTERS, trend: 'bullish' });
    expect(Object.keys(selected)).toEqual(['B/USD']);
    expect(selected['B/USD']).toBe(b);
  });
});
