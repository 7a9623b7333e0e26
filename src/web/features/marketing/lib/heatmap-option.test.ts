import { describe, expect, it } from 'vitest';
import { buildHeatmapOption, pairFromChartClick } from './heatmap-option';
import type { TopPair } from './top-pairs';

const row = (pair: string, heatScore: number): TopPair => ({
  pair,
  heatScore,
  successRate: 50,
  progrevScore: 0.5,
  change7d: 1,
  volume7dMillions: 2,
  volatility7d: 3,
});

describe('buildHeatmapOption', () => {
  it('has the pairs as rows (hottest on top, clickable labels) and the metrics as columns', () => {
    const option = buildHeatmapOption([row('SOL/USD', 80), row('ADA/USD', 40)]) as {
      xAxis: { data: string[] };
      yAxis: { data: string[]; inverse: boolean; triggerEvent: boolean };
      series: { data: { name: string; value: number[]; text: string }[] }[];
    };
    expect(option.yAxis).toMatchObject({ data: ['SOL/USD', 'ADA/USD'], inverse: true, triggerEvent: true });
    expect(option.xAxis.data).toHaveLength(6);
    const cells = option.series[0]?.data ?? [];
    expect(cells).toHaveLength(12);
    expect(cells[0]).toMatchObject({ name: 'SOL/USD', value: [0, 0, 1], text: '80.00' });
  });
});

describe('pairFromChartClick', () => {
  const pairs = ['SOL/USD', 'ADA/USD'];
  it('takes the pair from a cell (its name) or a row label (its value)', () => {
    expect(pairFromChartClick(pairs, 'SOL/USD', [0, 0, 1])).toBe('SOL/USD');
    expect(pairFromChartClick(pairs, 'undefined', 'ADA/USD')).toBe('ADA/USD');
  });
  it('finds no pair in a column label', () => {
    expect(pairFromChartClick(pairs, 'undefined', 'Heat')).toBeNull();
  });
});
