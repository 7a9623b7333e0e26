import { describe, expect, it } from 'vitest';
import { buildHeatmapCells, HEATMAP_COLUMNS } from './heatmap-cells';
import type { TopPair } from './top-pairs';

const row = (pair: string, heatScore: number, volume7dMillions: number, change7d = 0): TopPair => ({
  pair,
  heatScore,
  successRate: 60,
  progrevScore: 0.5,
  change7d,
  volume7dMillions,
  volatility7d: 4.2,
});

describe('buildHeatmapCells', () => {
  const rows = [
    row('SOL/USD', 80, 239.6746863, 41.9545),
    row('ADA/USD', 40, 79.38, -15.6527),
    row('DOT/USD', 60, 30.76),
  ];
  const cells = buildHeatmapCells(rows);
  const cell = (pair: string, label: string) =>
    cells.find((c) => c.pair === pair && HEATMAP_COLUMNS[c.column]?.label === label);

  it('has the six spec columns, one cell per pair and column', () => {
    expect(HEATMAP_COLUMNS.map((c) => c.label)).toEqual([
      'Heat',
      'Success',
      'Progrev',
      'Change 7D',
      'Volume 7D',
      'Volatility',
    ]);
    expect(cells).toHaveLength(18);
  });

  it('shades each column on its own scale', () => {
    expect(cell('SOL/USD', 'Heat')?.shade).toBe(1);
    expect(cell('ADA/USD', 'Heat')?.shade).toBe(0);
    expect(cell('DOT/USD', 'Heat')?.shade).toBe(0.5);
    // Volume runs in the hundreds, heat in tens: each still spans the whole scale.
    expect(cell('SOL/USD', 'Volume 7D')?.shade).toBe(1);
    expect(cell('DOT/USD', 'Volume 7D')?.shade).toBe(0);
  });

  it('puts a column whose rows are equal in the middle of the scale', () => {
    expect(cell('ADA/USD', 'Success')?.shade).toBe(0.5);
    expect(buildHeatmapCells([row('SOL/USD', 80, 1)]).every((c) => c.shade === 0.5)).toBe(true);
  });

  it('shows the real figures: volume in millions, changes signed', () => {
    expect(cell('SOL/USD', 'Heat')?.text).toBe('80.00');
    expect(cell('SOL/USD', 'Success')?.text).toBe('60.00%');
    expect(cell('SOL/USD', 'Progrev')?.text).toBe('0.50');
    expect(cell('SOL/USD', 'Change 7D')?.text).toBe('+41.95%');
    expect(cell('ADA/USD', 'Change 7D')?.text).toBe('-15.65%');
    expect(cell('SOL/USD', 'Volume 7D')?.text).toBe('239.67M');
    expect(cell('SOL/USD', 'Volatility')?.text).toBe('4.20%');
    expect(cell('SOL/USD', 'Volume 7D')?.value).toBe(239.6746863);
  });
});
