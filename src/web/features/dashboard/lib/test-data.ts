import type { HeatMapEntry } from '../../../../contract/heatmap';

/** A heat-map entry for the tests; each test states only what it is about. */
export function testEntry(pair: string, over: Partial<HeatMapEntry> = {}): HeatMapEntry {
  return {
    pair,
    heatScore: 50,
    successRate: 60,
    progrevScore: 0.5,
    positionType: 'long',
    refereeTrend: 'bullish',
    refereeRisk: 'low',
    refereeComment: 'ok',
    status: 'idle',
    density: 0,
    tickerData: {
      price_7d: 1,
      change_7d: 0,
      volume_7d: 0,
      volatility_7d: 0,
      price_history: [{ x: 1, y: 1 }],
      volume_history: [{ x: 1, y: 2 }],
    },
    aiComments: { summary: 'None' },
    activeTriggers: [],
    selectedAnalyses: [],
    lastUpdated: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}
