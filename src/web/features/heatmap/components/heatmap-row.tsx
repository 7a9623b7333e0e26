import { memo } from 'react';
import type { HeatMapEntry } from '../../../../contract/heatmap';
import { capitalize, formatDecimal, formatPercent, formatPositionType } from '../../../lib/format';
import { HEAT_BORDER_CLASS, heatBand } from '../../../lib/heat-band';
import { DateTimeLines } from '../../../components/ui/date-time-lines';
import { HotPulseEdge } from './hot-pulse-edge';

const cell = 'whitespace-nowrap px-2.5 py-2.5';
const numeric = `${cell} text-right tabular-nums`;

const STATUS_TONE: Record<HeatMapEntry['status'], string> = {
  hot: 'bg-red-500/15 text-red-300 ring-red-500/30',
  open: 'bg-sky-500/15 text-sky-300 ring-sky-500/30',
  idle: 'bg-slate-500/15 text-slate-300 ring-slate-500/30',
};

/**
 * Trader spec 2.8 row styling: hot-pulse above 75 (a pulsing edge drawn in the pair cell, see
 * hot-pulse.css), an orange edge above 50, green otherwise.
 */
function edgeClass(heatScore: number): string {
  const band = heatBand(heatScore);
  return band === 'red' ? 'border-l-transparent' : HEAT_BORDER_CLASS[band];
}

interface HeatmapRowProps {
  entry: HeatMapEntry;
  onOpen: (pair: string) => void;
}

function HeatmapRowView({ entry, onOpen }: HeatmapRowProps) {
  const band = heatBand(entry.heatScore);
  return (
    <tr data-heat-band={band} className={`border-l-4 hover:bg-slate-800/60 ${edgeClass(entry.heatScore)}`}>
      <th scope="row" className={`${cell} relative text-left font-medium`}>
        {band === 'red' ? <HotPulseEdge /> : null}
        <button
          type="button"
          onClick={() => onOpen(entry.pair)}
          className="rounded text-orange-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-orange-400"
        >
          {entry.pair}
        </button>
      </th>
      <td className={numeric}>{formatDecimal(entry.heatScore)}</td>
      <td className={cell}>
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONE[entry.status]}`}
        >
          {capitalize(entry.status)}
        </span>
      </td>
      <td className={numeric}>{formatPercent(entry.successRate)}</td>
      <td className={cell}>{formatPositionType(entry.positionType)}</td>
      <td className={numeric}>{formatDecimal(entry.progrevScore)}</td>
      <td className={cell}>{capitalize(entry.refereeTrend)}</td>
      <td className={cell}>{capitalize(entry.refereeRisk)}</td>
      <td className={cell}>
        {entry.activeTriggers.length > 0 ? entry.activeTriggers.map(capitalize).join(', ') : 'None'}
      </td>
      <td className={cell}>
        <DateTimeLines value={entry.lastUpdated} />
      </td>
    </tr>
  );
}

/** Whether two versions of a pair's entry show the same row (a refetch brings equal, new objects). */
function sameRow(a: HeatMapEntry, b: HeatMapEntry): boolean {
  return (
    a === b ||
    (a.pair === b.pair &&
      a.heatScore === b.heatScore &&
      a.status === b.status &&
      a.successRate === b.successRate &&
      a.positionType === b.positionType &&
      a.progrevScore === b.progrevScore &&
      a.refereeTrend === b.refereeTrend &&
      a.refereeRisk === b.refereeRisk &&
      a.activeTriggers.join('\n') === b.activeTriggers.join('\n') &&
      a.lastUpdated === b.lastUpdated)
  );
}

/** A row redraws only when what it shows changed: filtering 500 pairs touches only rows that come or go. */
export const HeatmapRow = memo(
  HeatmapRowView,
  (before, after) => before.onOpen === after.onOpen && sameRow(before.entry, after.entry),
);
