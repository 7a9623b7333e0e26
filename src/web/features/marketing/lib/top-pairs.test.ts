import { describe, expect, it } from 'vitest';
import { heatmapPairHref, selectTopPairs } from './top-pairs';

describe('selectTopPairs', () => {
  it('ranks by heat score and keeps the top three', () => {
    const top = selectTopPairs({
      'BTC/USD': { heatScore: 40, successRate: 61, progrevScore: 0.55 },
      'ETH/USD': { heatScore: '82.5', tickerData: { change_7d: 3.1 } },
      'SOL/USD': { heatScore: 77, successRate: 58, progrevScore: 0.6 },
      'ADA/USD': { heatScore: 12, successRate: 49, progrevScore: 0.4 },
    });
    expect(top.map((p) => p.pair)).toEqual(['ETH/USD', 'SOL/USD', 'BTC/USD']);
  });

  it('fills a missing success rate with 50 and other missing metrics with 0', () => {
    const [eth] = selectTopPairs({ 'ETH/USD': { heatScore: 82.5, tickerData: { change_7d: 3.1 } } });
    expect(eth).toEqual({
      pair: 'ETH/USD',
      heatScore: 82.5,
      successRate: 50,
      progrevScore: 0,
      change7d: 3.1,
      volume7dMillions: 0,
      volatility7d: 0,
    });
  });

  it('reads the 7-day figures, volume in millions', () => {
    const [sol] = selectTopPairs({
      'SOL/USD': {
        heatScore: 30.1,
        successRate: 31.8,
        progrevScore: 0.52,
        tickerData: { change_7d: -4.2, volume_7d: 239_674_686.3, volatility_7d: 4.2028 },
      },
    });
    expect(sol?.volume7dMillions).toBeCloseTo(239.6746863, 9);
    expect(sol?.change7d).toBe(-4.2);
    expect(sol?.volatility7d).toBe(4.2028);
  });

  it('drops a pair only when all six metrics are zero', () => {
    const zero = { heatScore: 0, successRate: 0, progrevScore: 0, tickerData: { volume_7d: 0 } };
    expect(selectTopPairs({ 'XRP/USD': zero })).toEqual([]);
    const volumeOnly = { ...zero, tickerData: { volume_7d: 5_000_000 } };
    expect(selectTopPairs({ 'XRP/USD': volumeOnly }).map((p) => p.volume7dMillions)).toEqual([5]);
    // A missing success rate is 50, not zero: such a pair is never "all zero".
    expect(selectTopPairs({ 'XRP/USD': { heatScore: 0 } })).toHaveLength(1);
  });

  it('tolerates a summary that is not a map', () => {
    expect(selectTopPairs(null)).toEqual([]);
    expect(selectTopPairs([1, 2])).toEqual([]);
  });
});

describe('heatmapPairHref', () => {
  it('URL-encodes the pair', () => {
    expect(heatmapPairHref('BTC/USD')).toBe('/heatmap?pair=BTC%2FUSD');
  });
});
