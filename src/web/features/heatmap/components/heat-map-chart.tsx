import { useMemo } from 'react';
import type { HeatMapEntry } from '../../../../contract/heatmap';
import { LazyChart } from '../../../components/charts';
import { useAfterPaint } from '../hooks/use-after-paint';
import { heatMapChartOption, tilesKey } from '../lib/heat-map-chart';

/** Trader spec 9: the heat map chart is 400 px high. */
const HEIGHT = 400;

/**
 * The visual map. It is redrawn after the table has been painted, and only when its tiles change:
 * the server's answer confirming rows already shown from held data leaves it as it is.
 */
export function HeatMapChart({
  entries,
  onOpen,
}: {
  entries: readonly HeatMapEntry[];
  onOpen: (pair: string) => void;
}) {
  const key = tilesKey(entries);
  // The entries of the latest key: an equal answer keeps the option (and the chart) untouched.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the entries' drawn content
  const tiles = useMemo(() => entries, [key]);
  const shown = useAfterPaint(tiles);
  const option = useMemo(() => heatMapChartOption(shown), [shown]);
  return (
    <LazyChart
      option={option}
      height={HEIGHT}
      ariaLabel={`Heat map of ${shown.length} pairs, each tile sized and coloured by its heat score`}
      onItemClick={onOpen}
    />
  );
}
