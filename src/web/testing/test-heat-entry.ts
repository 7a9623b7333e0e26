import type { AdminHeatMapEntry, HeatMapEntry } from '../../contract/heatmap';

/** A heat-map entry for the unit tests; each test states only what it is about. */
export function testEntry(pair: string, over: Partial<HeatMapEntry> = {}): HeatMapEntry {
  return {
    pair,
    heatScore: 40,
    successRate: 55,
    progrevScore: 0.5,
    positionType: 'long',
    refereeTrend: 'bullish',
    refereeRisk: 'low',
    refereeComment: 'EMA 20 above EMA 50.',
    status: 'open',
    density: 0.4,
    tickerData: {
      price_7d: 60_000,
      change_7d: 2.5,
      volume_7d: 1_000_000,
      volatility_7d: 1.2,
      price_history: [{ x: 1_000, y: 60_000 }],
      volume_history: [{ x: 1_000, y: 5_000 }],
    },
    aiComments: { summary: 'Volume 1.4x its median.' },
    activeTriggers: [],
    selectedAnalyses: [{ analysisId: 'a1' }],
    lastUpdated: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}

/** The admin heat map's entry: the same plus the pair's recent worker errors. */
export function testAdminEntry(pair: string, over: Partial<AdminHeatMapEntry> = {}): AdminHeatMapEntry {
  return { ...testEntry(pair), recentErrors: [], ...over };
}
