import { describe, expect, it } from 'vitest';
import { heatMapChartOption, tilesKey } from './heat-map-chart';
import { testEntry } from '../../../testing/test-heat-entry';

interface Tile {
  name: string;
  value: number;
  itemStyle: { color: string };
  label?: { show: boolean };
}
interface Series {
  type: string;
  data: Tile[];
  label: { formatter: (params: { data: { entry: unknown } }) => string };
}

describe('heat map chart', () => {
  const entries = [
    testEntry('HOT/USD', { heatScore: 80 }),
    testEntry('WARM/USD', { heatScore: 51 }),
    testEntry('COOL/USD', { heatScore: 50 }),
    testEntry('COLD/USD', { heatScore: 0 }),
  ];
  const series = (heatMapChartOption(entries).series as Series[])[0]!;

  it('draws one treemap tile per pair, named by the pair (the click reports it)', () => {
    expect(series.type).toBe('treemap');
    expect(series.data.map((tile) => tile.name)).toEqual(['HOT/USD', 'WARM/USD', 'COOL/USD', 'COLD/USD']);
  });

  it('colours tiles by the heat bands and sizes them by heat, the coolest still visible', () => {
    const colours = series.data.map((tile) => tile.itemStyle.color);
    expect(colours[1]).not.toBe(colours[0]);
    expect(colours[2]).not.toBe(colours[1]);
    expect(colours[3]).toBe(colours[2]);
    expect(series.data.map((tile) => tile.value)).toEqual([80, 51, 50, 5]);
  });

  it('labels a tile with its real heat score, not its drawn area', () => {
    const cold = series.data[3]!;
    expect(series.label.formatter({ data: cold as unknown as { entry: unknown } })).toBe('COLD/USD\n0.00');
  });

  it('labels only the 40 hottest tiles when there are more', () => {
    const many = Array.from({ length: 45 }, (_, i) => testEntry(`P${i}/USD`, { heatScore: i }));
    const tiles = (heatMapChartOption(many).series as Series[])[0]!.data;
    const unlabelled = tiles.filter((tile) => tile.label?.show === false).map((tile) => tile.name);
    expect(unlabelled).toEqual(['P0/USD', 'P1/USD', 'P2/USD', 'P3/USD', 'P4/USD']);
  });
});

describe('tiles key', () => {
  it('is equal for equal figures in new objects and changes with any drawn figure or the order', () => {
    const a = [testEntry('A/USD', { heatScore: 60 }), testEntry('B/USD')];
    const same = [testEntry('A/USD', { heatScore: 60, status: 'hot' }), testEntry('B/USD')];
    expect(tilesKey(same)).toBe(tilesKey(a));
    expect(tilesKey([testEntry('A/USD', { heatScore: 61 }), testEntry('B/USD')])).not.toBe(tilesKey(a));
    expect(
      tilesKey([testEntry('A/USD', { heatScore: 60, refereeRisk: 'high' }), testEntry('B/USD')]),
    ).not.toBe(tilesKey(a));
    expect(tilesKey([...a].reverse())).not.toBe(tilesKey(a));
  });
});
