import { useMemo } from 'react';
import { selectTopPairs } from '../../lib/top-pairs';
import { ChartEmpty } from './chart-card';
import { PairHeatmap } from './pair-heatmap';
import { TrendChart } from './trend-chart';

/** The landing's chart panel (spec 2.4) over the top pairs of the heat summary. */
export function ChartPanel({ summary }: { summary: unknown }) {
  const rows = useMemo(() => selectTopPairs(summary), [summary]);
  const pairs = useMemo(() => rows.map((r) => r.pair), [rows]);
  if (rows.length === 0) return <ChartEmpty height={160}>No valid data available for charts.</ChartEmpty>;
  return (
    <div className="grid gap-6">
      <PairHeatmap rows={rows} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TrendChart summary={summary} pairs={pairs} kind="price" />
        <TrendChart summary={summary} pairs={pairs} kind="volume" />
      </div>
    </div>
  );
}
