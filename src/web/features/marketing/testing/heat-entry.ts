import type { ChartPoint, HeatMapEntry } from '../../../../contract/heatmap';

/** A whole heat-map entry for tests: the figures a test cares about, the rest neutral. */
export function heatEntry(
  pair: string,
  heatScore: number,
  history: { price?: ChartPoint[]; volume?: ChartPoint[] } = {},
): HeatMapEntry {
  return {
    pair,
    heatScore,
    successRate: 55,
    progrevScore: 0.5,
    positionType: 'long',
    refereeTrend: 'neutral',
    refereeRisk: 'medium',
    refereeComment: 'No recent analysis',
    status: 'idle',
    density: 0,
    tickerData: {
      price_7d: 100,
      change_7d: 1.5,
      volume_7d: 12_000_000,
      volatility_7d: 3,
      price_history: history.price ?? [],
      volume_history: history.volume ?? [],
    },
    aiComments: { summary: 'None' },
    activeTriggers: [],
    selectedAnalyses: [],
    lastUpdated: '2026-11-23T08:30:00.000Z',
  };
}
