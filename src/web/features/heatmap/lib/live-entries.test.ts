import { describe, expect, it } from 'vitest';
import type { HeatMap, HeatMapEntry } from '../../../../contract/heatmap';
import { DEFAULT_FILTERS } from './heatmap-filters';
import { applyLiveUpdate, withLiveDefaults } from './live-entries';
import { testEntry } from '../../../testing/test-heat-entry';

const mapOf = (...entries: HeatMapEntry[]): HeatMap =>
  Object.fromEntries(entries.map((entry) => [entry.pair, entry]));

/** A new pair's change carrying its figures but none of the descriptive fields. */
function bareChange(over: Record<string, unknown> = {}) {
  const { pair: _pair, ...whole } = testEntry('SOL/USD', { heatScore: 70 });
  const {
    positionType: _p,
    refereeTrend: _t,
    refereeRisk: _r,
    refereeComment: _c,
    status: _s,
    activeTriggers: _a,
    selectedAnalyses: _sa,
    aiComments: _ai,
    ...figures
  } = whole;
  return { ...figures, ...over };
}

describe('live heat-map entries', () => {
  it('fills the defaults of trader spec 3 for what a change leaves out', () => {
    expect(withLiveDefaults('SOL/USD', bareChange({ positionType: 'sideways' }))).toMatchObject({
      pair: 'SOL/USD',
      positionType: 'balanced',
      refereeTrend: 'neutral',
      refereeRisk: 'medium',
      refereeComment: 'No recent analysis',
      status: 'open',
      activeTriggers: [],
      selectedAnalyses: [],
      aiComments: { summary: 'None' },
      heatScore: 70,
    });
  });

  it('keeps the values a change does carry', () => {
    const change = { ...bareChange(), positionType: 'quick_short', refereeTrend: 'bearish' as const };
    expect(withLiveDefaults('SOL/USD', change)).toMatchObject({
      positionType: 'quick_short',
      refereeTrend: 'bearish',
    });
  });

  it('merges a change into a shown pair and re-orders by the sort', () => {
    const a = testEntry('A/USD', { heatScore: 60 });
    const b = testEntry('B/USD', { heatScore: 50 });
    const next = applyLiveUpdate(mapOf(a, b), { 'B/USD': { heatScore: 95 } }, DEFAULT_FILTERS);
    expect(Object.keys(next)).toEqual(['B/USD', 'A/USD']);
    expect(next['B/USD']).toMatchObject({ heatScore: 95, refereeTrend: 'bullish' });
    expect(next['A/USD']).toBe(a);
  });

  it('adds a new pair with defaults when it passes the filters, never one without figures', () => {
    const held = mapOf(testEntry('A/USD', { heatScore: 60 }));
    const added = applyLiveUpdate(held, { 'SOL/USD': bareChange() }, DEFAULT_FILTERS);
    expect(Object.keys(added)).toEqual(['SOL/USD', 'A/USD']);
    expect(added['SOL/USD']).toMatchObject({ refereeTrend: 'neutral', status: 'open' });

    const partial = applyLiveUpdate(held, { 'XRP/USD': { heatScore: 99 } }, DEFAULT_FILTERS);
    expect(Object.keys(partial)).toEqual(['A/USD']);
  });

  it('drops a pair a change takes outside the filters', () => {
    const held = mapOf(testEntry('A/USD'), testEntry('B/USD'));
    const next = applyLiveUpdate(
      held,
      { 'A/USD': { refereeTrend: 'bearish' } },
      { ...DEFAULT_FILTERS, trend: 'bullish' },
    );
    expect(Object.keys(next)).toEqual(['B/USD']);
  });
});
