import { describe, expect, it } from 'vitest';
import { heatmapPairHref, selectTopPairs } from './top-pairs';

describe('selectTopPairs', () => {
  it('ranks by heat score, keeps three and fills missing metrics', () => {
    const top = selectTopPairs({
      'BTC/USD': { heatScore: 40, successRate: 61, progrevScore: 0.55 },
      'ETH/USD': { heatScore: '82.5', tickerData: { change_7d: 3.1 } },
      'SOL/USD': { heatScore: 77, successRate: 58, progrevScore: 0.6 },
      'ADA/USD': { heatScore: 12, successRate: 49, progrevScore: 0.4 },
    });
    expect(top.map((p) => p.pair)).toEqual(['ETH/USD', 'SOL/USD', 'BTC/USD']);
    expect(top[0]).toEqual({ pair: 'ETH/USD', heatScore: 82.5, successRate: 50, progrevScore: 0 });
  });

  it('drops pairs whose metrics are all zero and tolerates non-objects', () => {
    const zero = { heatScore: 0, successRate: 0, progrevScore: 0, tickerData: { volume_7d: 0 } };
    expect(selectTopPairs({ 'XRP/USD': zero })).toEqual([]);
    expect(selectTopPairs(null)).toEqual([]);
    expect(selectTopPairs([1, 2])).toEqual([]);
  });
});

describe('heatmapPairHref', () => {
  it('URL-encodes the pair', () => {
    expect(heatmapPairHref('BTC/USD')).toBe('/heatmap?pair=BTC%2FUSD');
  });
});
