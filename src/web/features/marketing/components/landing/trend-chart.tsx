import { useMemo, useState } from 'react';
import { LazyChart, type ChartHandle } from '../../../../components/charts';
import { buildTrendOption, formatClock } from '../../lib/trend-option';
import { buildTrends, type TrendKind } from '../../lib/trend-series';
import { ChartCard, ChartEmpty } from './chart-card';
import { ExportChartButton } from './export-chart-button';

/** Spec 9: line charts are 300 px high. */
const HEIGHT = 300;

const TEXTS: Record<TrendKind, { title: string; empty: string; exportLabel: string; measure: string }> = {
  price: {
    title: 'Price Trends (Last 12 Hours)',
    empty: 'No valid price trend data available.',
    exportLabel: 'Export Price PNG',
    measure: 'Price',
  },
  volume: {
    title: 'Volume Trends (Last 12 Hours)',
    empty: 'No valid volume trend data available.',
    exportLabel: 'Export Volume PNG',
    measure: 'Volume in millions',
  },
};

interface TrendChartProps {
  summary: unknown;
  pairs: readonly string[];
  kind: TrendKind;
}

export function TrendChart({ summary, pairs, kind }: TrendChartProps) {
  const [chart, setChart] = useState<ChartHandle | null>(null);
  const trends = useMemo(() => buildTrends(summary, pairs, kind), [summary, pairs, kind]);
  const option = useMemo(() => (trends ? buildTrendOption(trends, kind) : null), [trends, kind]);
  const text = TEXTS[kind];
  return (
    <ChartCard
      title={text.title}
      action={
        <ExportChartButton
          label={text.exportLabel}
          chart={chart}
          loading={option !== null && chart === null}
          fileName={`heatsignal-${kind}-trends.png`}
        />
      }
    >
      {trends && option ? (
        <LazyChart
          ref={setChart}
          option={option}
          height={HEIGHT}
          ariaLabel={`${text.measure} of ${trends.series.map((s) => s.pair).join(', ')} from ${formatClock(
            trends.window.start,
          )} to ${formatClock(trends.window.end)}`}
        />
      ) : (
        <ChartEmpty height={HEIGHT}>{text.empty}</ChartEmpty>
      )}
    </ChartCard>
  );
}
