/** The ECharts option of 'Heatmap of Active Pairs' (spec 2.4), built from the top pairs. */
import type { ChartOption } from '../../../components/charts';
import { buildHeatmapCells, HEATMAP_COLUMNS } from './heatmap-cells';
import type { TopPair } from './top-pairs';

/** Low to high within a column: slate, then the heat bands' orange and red (white text reads on all). */
const SHADE_COLOURS = ['#334155', '#c2410c', '#dc2626'];
const AXIS_TEXT = '#cbd5e1';

interface CellDatum {
  name: string;
  value: [number, number, number];
  text: string;
  column: string;
}

export function buildHeatmapOption(rows: readonly TopPair[]): ChartOption {
  const data: CellDatum[] = buildHeatmapCells(rows).map((cell) => ({
    name: cell.pair,
    value: [cell.column, cell.row, cell.shade],
    text: cell.text,
    column: HEATMAP_COLUMNS[cell.column]?.label ?? '',
  }));
  return {
    grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      formatter: (params: { data: CellDatum }) =>
        `${params.data.name}<br/>${params.data.column}: <b>${params.data.text}</b>`,
    },
    xAxis: {
      type: 'category',
      data: HEATMAP_COLUMNS.map((c) => c.label),
      position: 'top',
      axisLabel: { color: AXIS_TEXT, interval: 0 },
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      data: rows.map((r) => r.pair),
      // Hottest pair on top; the labels are clickable like the cells.
      inverse: true,
      triggerEvent: true,
      axisLabel: { color: AXIS_TEXT, fontWeight: 'bold', cursor: 'pointer' },
      splitArea: { show: true },
    },
    visualMap: { show: false, min: 0, max: 1, dimension: 2, inRange: { color: SHADE_COLOURS } },
    series: [
      {
        type: 'heatmap',
        data,
        label: { show: true, color: '#ffffff', formatter: (params: { data: CellDatum }) => params.data.text },
        itemStyle: { borderColor: '#0f172a', borderWidth: 2 },
        emphasis: { itemStyle: { borderColor: '#fdba74' } },
        cursor: 'pointer',
      },
    ],
  };
}

/**
 * The pair a click on the chart names: a cell reports its data name, a row label (an axis label)
 * its value. Anything else (the column labels) names no pair.
 */
export function pairFromChartClick(pairs: readonly string[], name: string, value: unknown): string | null {
  if (pairs.includes(name)) return name;
  return typeof value === 'string' && pairs.includes(value) ? value : null;
}
