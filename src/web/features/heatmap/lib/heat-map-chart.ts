import type { HeatMapEntry } from '../../../../contract/heatmap';
import type { ChartOption } from '../../../components/charts';
import { capitalize, formatDecimal, formatPercent } from '../../../lib/format';
import { heatBand, type HeatBand } from '../../../lib/heat-band';

/** The table's edge colours (Tailwind red-500, orange-500, emerald-500), so map and table read alike. */
const BAND_COLOR: Record<HeatBand, string> = { red: '#ef4444', orange: '#f97316', green: '#10b981' };

/** A tile's area follows its heat; the coolest pairs keep a tile big enough to see and click. */
const MIN_TILE_AREA = 5;
/** Only the hottest tiles are big enough to carry a label; the rest name their pair in the tooltip. */
const LABELLED_TILES = 40;

interface TileParams {
  name: string;
  data: { entry: HeatMapEntry };
}

function tooltip({ data: { entry } }: TileParams): string {
  return [
    `<strong>${entry.pair}</strong>`,
    `Heat score: ${formatDecimal(entry.heatScore)}`,
    `Success rate: ${formatPercent(entry.successRate)}`,
    `Progrev score: ${formatDecimal(entry.progrevScore)}`,
    `Trend: ${capitalize(entry.refereeTrend)}, risk: ${capitalize(entry.refereeRisk)}`,
  ].join('<br/>');
}

/**
 * A treemap of the shown pairs: one tile per pair, its area and colour from its heat score (spec 9
 * bands). A click on a tile reports the pair as the tile's name.
 */
export function heatMapChartOption(entries: readonly HeatMapEntry[]): ChartOption {
  const labelled = new Set([...entries].sort((a, b) => b.heatScore - a.heatScore).slice(0, LABELLED_TILES));
  return {
    tooltip: { formatter: tooltip },
    series: [
      {
        type: 'treemap',
        name: 'Heat map',
        left: 0,
        top: 0,
        right: 0,
        bottom: 0,
        roam: false,
        // Hundreds of tiles: an animated redraw costs whole frames on a slow machine.
        animation: false,
        nodeClick: false,
        breadcrumb: { show: false },
        label: {
          show: true,
          formatter: ({ data: { entry } }: TileParams) => `${entry.pair}\n${formatDecimal(entry.heatScore)}`,
          color: '#ffffff',
          fontSize: 12,
          lineHeight: 16,
          overflow: 'truncate',
        },
        itemStyle: { borderColor: '#0f172a', borderWidth: 1, gapWidth: 1 },
        data: entries.map((entry) => ({
          name: entry.pair,
          value: Math.max(entry.heatScore, MIN_TILE_AREA),
          entry,
          itemStyle: { color: BAND_COLOR[heatBand(entry.heatScore)] },
          ...(labelled.has(entry) ? {} : { label: { show: false } }),
        })),
      },
    ],
  };
}

/** What the treemap draws of the entries, as one string: equal strings draw the same map. */
export function tilesKey(entries: readonly HeatMapEntry[]): string {
  return entries
    .map(
      (e) => `${e.pair}:${e.heatScore}:${e.successRate}:${e.progrevScore}:${e.refereeTrend}:${e.refereeRisk}`,
    )
    .join('|');
}
