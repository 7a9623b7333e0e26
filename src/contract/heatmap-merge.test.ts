import { describe, expect, it } from 'vitest';
import type { HeatMap, HeatMapEntry } from './heatmap';
import { mergeHeatMapUpdate } from './heatmap-merge';

const entry = (pair: string, heatScore: number): HeatMapEntry => ({
  pair,
  heatScore,
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
});

describe('mergeHeatMapUpdate', () => {
  it('merges changed fields, adds whole new pairs, skips partial unknown ones, keeps the rest', () => {
    const current: HeatMap = { 'BTC/USD': entry('BTC/USD', 50), 'ETH/USD': entry('ETH/USD', 40) };
    const next = mergeHeatMapUpdate(current, {
      'BTC/USD': {
        heatScore: 80,
        tickerData: {
          ...entry('BTC/USD', 0).tickerData,
          price_history: [{ x: 2, y: 3 }],
          volume_history: [{ x: 2, y: 4 }],
          historyFrom: 1,
        },
      },
      'SOL/USD': entry('SOL/USD', 70),
      'XRP/USD': { heatScore: 10 },
    });
    expect(Object.keys(next)).toEqual(['BTC/USD', 'ETH/USD', 'SOL/USD']);
    expect(next['BTC/USD']?.heatScore).toBe(80);
    expect(next['BTC/USD']?.tickerData.price_history).toEqual([
      { x: 1, y: 1 },
      { x: 2, y: 3 },
    ]);
    expect(next['ETH/USD']).toBe(current['ETH/USD']);
    expect(current['BTC/USD']?.heatScore).toBe(50);
  });
});
