import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyChart, type ChartHandle } from '../../../../components/charts';
import { buildHeatmapCells, HEATMAP_COLUMNS } from '../../lib/heatmap-cells';
import { buildHeatmapOption, pairFromChartClick } from '../../lib/heatmap-option';
import { heatmapPairHref, type TopPair } from '../../lib/top-pairs';
import { ChartCard } from './chart-card';
import { ExportChartButton } from './export-chart-button';

/** Spec 9: the heat map is 400 px high. */
const HEIGHT = 400;

/**
 * 'Heatmap of Active Pairs'. A click on a pair's row or cell opens it on the full heat map; the
 * canvas takes no keyboard focus, so the same destinations are links under the chart, and the
 * figures are a table for screen readers.
 */
export function PairHeatmap({ rows }: { rows: readonly TopPair[] }) {
  const [chart, setChart] = useState<ChartHandle | null>(null);
  const navigate = useNavigate();
  const option = useMemo(() => buildHeatmapOption(rows), [rows]);
  const pairs = rows.map((r) => r.pair);
  const onItemClick = (name: string, value: unknown) => {
    const pair = pairFromChartClick(pairs, name, value);
    if (pair) void navigate(heatmapPairHref(pair));
  };

  return (
    <ChartCard
      title="Heatmap of Active Pairs"
      action={
        <ExportChartButton
          label="Export Heatmap PNG"
          chart={chart}
          loading={chart === null}
          fileName="heatsignal-heatmap.png"
        />
      }
    >
      {/* Six columns of figures need about 560 px: narrower screens scroll the chart, not the page. */}
      <div
        role="region"
        aria-label="Heatmap of Active Pairs, scrollable"
        tabIndex={0}
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-orange-400"
      >
        <div className="min-w-[560px]">
          <LazyChart
            ref={setChart}
            option={option}
            height={HEIGHT}
            ariaLabel={`Heat map of ${pairs.join(', ')}: ${HEATMAP_COLUMNS.map((c) => c.label).join(', ')}`}
            onItemClick={onItemClick}
          />
        </div>
      </div>
      <HeatmapFigures rows={rows} />
      <nav aria-label="Open a pair in the full heat map" className="mt-4 flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-400">Open in the full heat map:</span>
        {pairs.map((pair) => (
          <Link
            key={pair}
            to={heatmapPairHref(pair)}
            className="rounded-md border border-slate-600 px-3 py-1 text-sm font-medium text-orange-300 hover:border-orange-400 hover:text-orange-200 focus-visible:outline-2 focus-visible:outline-orange-400"
          >
            {pair}
          </Link>
        ))}
      </nav>
    </ChartCard>
  );
}

function HeatmapFigures({ rows }: { rows: readonly TopPair[] }) {
  const cells = buildHeatmapCells(rows);
  // The wrapper hides the table: a table ignores the 1 px width of sr-only and would widen the page.
  return (
    <div className="sr-only">
      <table>
        <caption>Heatmap of Active Pairs: figures</caption>
        <thead>
          <tr>
            <th scope="col">Pair</th>
            {HEATMAP_COLUMNS.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={row.pair}>
              <th scope="row">{row.pair}</th>
              {cells
                .filter((cell) => cell.row === rowIndex)
                .map((cell) => (
                  <td key={cell.column}>{cell.text}</td>
                ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
