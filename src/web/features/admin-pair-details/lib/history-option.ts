import type { ChartPoint } from '../../../../contract/heatmap';
import type { ChartOption } from '../../../components/charts';

const AXIS_TEXT = '#cbd5e1';
const GRID_LINE = '#1e293b';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** HH:mm in the viewer's time zone. */
export function formatClock(time: number): string {
  const date = new Date(time);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** One line over the 12-hour window: epoch-millisecond x on a value axis, labelled HH:mm. */
export function buildHistoryOption(points: readonly ChartPoint[], name: string, color: string): ChartOption {
  return {
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'value',
      min: points[0]?.x,
      max: points.at(-1)?.x,
      axisLabel: { color: AXIS_TEXT, formatter: formatClock, hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      scale: true,
      name,
      nameTextStyle: { color: AXIS_TEXT, align: 'left' },
      axisLabel: { color: AXIS_TEXT },
      splitLine: { lineStyle: { color: GRID_LINE } },
    },
    series: [
      {
        type: 'line',
        name,
        showSymbol: false,
        lineStyle: { color },
        itemStyle: { color },
        data: points.map((p) => [p.x, p.y]),
      },
    ],
  };
}
