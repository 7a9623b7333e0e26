/**
 * The ECharts option of the landing's trend lines (spec 2.4, spec 9): a time axis over the 12-hour
 * window with a tick every 2 hours, labelled to the minute (HH:mm), one line per pair.
 */
import type { ChartOption } from '../../../components/charts';
import { TREND_TICK_MS, type TrendKind, type Trends } from './trend-series';

/**
 * Pairs' prices can sit orders of magnitude apart (BTC near 100,000, ADA near 1): on one linear
 * axis the cheap pairs would lie flat on zero. Beyond this spread the price axis is logarithmic,
 * so every line keeps its shape while the axis still reads real prices.
 */
export const LOG_AXIS_SPREAD = 20;

const AXIS_TEXT = '#cbd5e1';
const GRID_LINE = '#1e293b';

export function needsLogAxis(trends: Trends): boolean {
  const values = trends.series.flatMap((s) => s.points.map((p) => p.y));
  const low = Math.min(...values);
  return low > 0 && Math.max(...values) / low > LOG_AXIS_SPREAD;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Minute precision in the viewer's time zone, as the axis labels. */
export function formatClock(time: number): string {
  const date = new Date(time);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

export function formatTrendValue(kind: TrendKind, value: number): string {
  if (kind === 'volume') return `${value.toFixed(2)}M`;
  // Sub-dollar coins need their significant digits; larger prices read best as cents.
  const digits = Math.abs(value) < 1 ? 6 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: digits });
}

interface AxisTooltipItem {
  marker: string;
  seriesName: string;
  value: [number, number];
}

export function buildTrendOption(trends: Trends, kind: TrendKind): ChartOption {
  const log = kind === 'price' && needsLogAxis(trends);
  return {
    legend: { top: 0, textStyle: { color: AXIS_TEXT } },
    grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (items: AxisTooltipItem[]) => {
        const time = items[0]?.value[0];
        const lines = items.map(
          (item) => `${item.marker}${item.seriesName}: <b>${formatTrendValue(kind, item.value[1])}</b>`,
        );
        return [time === undefined ? '' : formatClock(time), ...lines].join('<br/>');
      },
    },
    // A value axis of epoch milliseconds, not ECharts' time axis: that one picks its own "nice"
    // steps (hourly here) whatever the interval asked; this one ticks exactly every 2 hours.
    xAxis: {
      type: 'value',
      min: trends.window.start,
      max: trends.window.end,
      interval: TREND_TICK_MS,
      axisLabel: { color: AXIS_TEXT, formatter: formatClock, hideOverlap: true },
      splitLine: { show: true, lineStyle: { color: GRID_LINE } },
    },
    yAxis: {
      type: log ? 'log' : 'value',
      scale: true,
      name: kind === 'volume' ? 'Millions' : log ? 'Price (log scale)' : 'Price',
      nameTextStyle: { color: AXIS_TEXT, align: 'left' },
      axisLabel: { color: AXIS_TEXT },
      splitLine: { lineStyle: { color: GRID_LINE } },
    },
    series: trends.series.map((s) => ({
      type: 'line',
      name: s.pair,
      showSymbol: false,
      data: s.points.map((p) => [p.x, p.y]),
    })),
  };
}
