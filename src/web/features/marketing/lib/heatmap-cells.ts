/**
 * The cells of the landing heat map (spec 2.4): one row per top pair, six metric columns. The
 * columns have nothing in common (a 0-100 score, a 0-1 score, a signed percentage, millions of
 * dollars), so each is coloured on its own scale: `shade` is the value's place between the
 * column's lowest and highest (0 to 1), while `text` shows the real figure.
 */
import { formatDecimal, formatPercent } from '../../../lib/format';
import type { TopPair } from './top-pairs';

interface Column {
  label: string;
  read: (row: TopPair) => number;
  format: (value: number) => string;
}

const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${formatPercent(value)}`;

export const HEATMAP_COLUMNS: readonly Column[] = [
  { label: 'Heat', read: (r) => r.heatScore, format: formatDecimal },
  { label: 'Success', read: (r) => r.successRate, format: formatPercent },
  { label: 'Progrev', read: (r) => r.progrevScore, format: formatDecimal },
  { label: 'Change 7D', read: (r) => r.change7d, format: signedPercent },
  { label: 'Volume 7D', read: (r) => r.volume7dMillions, format: (v) => `${formatDecimal(v)}M` },
  { label: 'Volatility', read: (r) => r.volatility7d, format: formatPercent },
];

/** Where a column whose rows are all equal sits on the colour scale: the middle, neither low nor high. */
const FLAT_SHADE = 0.5;

export interface HeatmapCell {
  pair: string;
  /** Index into HEATMAP_COLUMNS. */
  column: number;
  /** Index into the rows, hottest first. */
  row: number;
  value: number;
  shade: number;
  text: string;
}

export function buildHeatmapCells(rows: readonly TopPair[]): HeatmapCell[] {
  return HEATMAP_COLUMNS.flatMap((column, columnIndex) => {
    const values = rows.map(column.read);
    const low = Math.min(...values);
    const span = Math.max(...values) - low;
    return rows.map((row, rowIndex) => {
      const value = values[rowIndex] ?? 0;
      return {
        pair: row.pair,
        column: columnIndex,
        row: rowIndex,
        value,
        shade: span > 0 ? (value - low) / span : FLAT_SHADE,
        text: column.format(value),
      };
    });
  });
}
