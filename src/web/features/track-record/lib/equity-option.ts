import type { ChartOption } from '../../../components/charts';
import type { TrackRecordFigures, TrackRecordResponse } from '../../../../contract/track-record';
import { formatDateTime, formatPercent } from '../../../lib/format';

type EquityPoint = TrackRecordResponse['equity'][number];

const AXIS_TEXT = '#cbd5e1';
const GRID_LINE = '#1e293b';
const LINE = '#f97316';

interface AxisTooltipItem {
  value: [number, number];
}

/**
 * The equity curve: the running sum of net returns, one point per settled offer in order of
 * settlement, on a time axis; a dashed line at zero marks where a follower would have broken even.
 */
export function buildEquityOption(equity: readonly EquityPoint[]): ChartOption {
  return {
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (items: AxisTooltipItem[]) => {
        const point = items[0]?.value;
        return point ? `${formatDateTime(new Date(point[0]))}<br/><b>${formatPercent(point[1])}</b>` : '';
      },
    },
    xAxis: {
      type: 'time',
      // Each tick at its own level: days on a long record, hours within a day.
      axisLabel: {
        color: AXIS_TEXT,
        hideOverlap: true,
        formatter: {
          year: '{yyyy}',
          month: '{MMM}',
          day: '{MMM} {d}',
          hour: '{HH}:{mm}',
          minute: '{HH}:{mm}',
        },
      },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: '% of one stake',
      nameTextStyle: { color: AXIS_TEXT, align: 'left' },
      axisLabel: { color: AXIS_TEXT, formatter: (value: number) => `${value}%` },
      splitLine: { lineStyle: { color: GRID_LINE } },
    },
    series: [
      {
        type: 'line',
        name: 'Cumulative net return',
        // A short record shows each settlement as a point; a long one, the line alone.
        showSymbol: equity.length <= 40,
        lineStyle: { color: LINE, width: 2 },
        itemStyle: { color: LINE },
        data: equity.map((point) => [Date.parse(point.at), point.totalNetReturnPercent]),
        markLine: {
          silent: true,
          symbol: 'none',
          label: { show: false },
          lineStyle: { color: '#64748b', type: 'dashed' },
          data: [{ yAxis: 0 }],
        },
      },
    ],
  };
}

/**
 * The chart's accessible name: what it plots, over which dates, and where it ends. The count comes
 * from the figures: the curve itself is thinned to 500 points on a long record.
 */
export function describeEquity(
  equity: readonly EquityPoint[],
  figures: Pick<TrackRecordFigures, 'settled' | 'maxDrawdownPercent'>,
): string {
  const first = equity[0];
  const last = equity.at(-1);
  if (!first || !last) return 'Equity curve: no settled offer yet';
  const offers = figures.settled === 1 ? '1 settled offer' : `${figures.settled} settled offers`;
  return (
    `Equity curve: cumulative net return of an equal stake on ${offers}, from ${formatDateTime(first.at)} ` +
    `to ${formatDateTime(last.at)}, ending at ${formatPercent(last.totalNetReturnPercent)} of one stake; ` +
    `max drawdown ${formatPercent(figures.maxDrawdownPercent)}`
  );
}
