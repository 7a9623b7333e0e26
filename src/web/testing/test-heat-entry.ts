import type { AdminHeatMapEntry, HeatMapEntry, TickerData } from '../../contract/heatmap';

/*
 * The web tests' one heat-map entry builder: each test states only what it is about. tickerData
 * merges field by field, so a test names just the figures (or histories) it checks.
 */

type Overrides<T extends HeatMapEntry> = Partial<Omit<T, 'tickerData'>> & {
  tickerData?: Partial<TickerData>;
};

/** A heat-map entry for the unit tests. */
export function testEntry(pair: string, over: Overrides<HeatMapEntry> = {}): HeatMapEntry {
  const base: HeatMapEntry = {
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
  };
  return { ...base, ...over, tickerData: { ...base.tickerData, ...over.tickerData } };
}

/** The admin heat map's entry: the same plus the pair's recent worker errors. */
export function testAdminEntry(pair: string, over: Overrides<AdminHeatMapEntry> = {}): AdminHeatMapEntry {
  const { recentErrors = [], ...rest } = over;
  return { ...testEntry(pair, rest), recentErrors };
}
