import type { TrackRecordOffer } from '../../../../contract/track-record';
import type { Column } from '../../../components/ui/data-table';
import { DateTimeLines } from '../../../components/ui/date-time-lines';
import { NOT_AVAILABLE, capitalize, formatPercent } from '../../../lib/format';
import { OUTCOME_LABELS, formatHorizon, shortHash } from '../lib/offer-format';

const numeric = 'text-right tabular-nums';
/** Long headers over short figures wrap, so the commitment column fits a laptop's width. */
const wrapped = `${numeric} min-w-20 whitespace-normal!`;
const badge = 'inline-block rounded-full border px-2.5 py-0.5 text-xs font-medium';

const OUTCOME_STYLES: Record<TrackRecordOffer['outcome'], string> = {
  pending: 'border-slate-600 bg-slate-900 text-slate-300',
  succeeded: 'border-emerald-700 bg-emerald-950/60 text-emerald-300',
  failed: 'border-red-700 bg-red-950/60 text-red-300',
  neither: 'border-amber-700 bg-amber-950/60 text-amber-300',
  unscoreable: 'border-slate-600 bg-slate-900 text-slate-400',
};

export const offerColumns: readonly Column<TrackRecordOffer>[] = [
  { key: 'published', header: 'Published', cell: (o) => <DateTimeLines value={o.publishedAt} /> },
  { key: 'pair', header: 'Pair', cell: (o) => <span className="font-medium text-white">{o.pair}</span> },
  { key: 'side', header: 'Side', cell: (o) => capitalize(o.side) },
  {
    key: 'family',
    header: 'Family',
    cell: (o) =>
      o.bypass || o.family === null ? (
        <span
          className={`${badge} border-amber-700 bg-amber-950/60 text-amber-300`}
          title="An operator's bypass offer, published past the gate: listed, left out of the figures"
        >
          Bypass
        </span>
      ) : (
        o.family
      ),
  },
  { key: 'entry', header: 'Entry', cell: (o) => o.entryPrice, className: numeric },
  {
    key: 'horizon',
    header: 'Horizon',
    cell: (o) => (
      <>
        {formatHorizon(o.horizonMinutes)}
        {o.extensions > 0 ? (
          <span className="block text-xs text-slate-400">extended {o.extensions}×</span>
        ) : null}
      </>
    ),
  },
  {
    key: 'stated',
    header: 'Stated success',
    cell: (o) => formatPercent(o.predictedSuccessRate),
    className: wrapped,
  },
  {
    key: 'expected',
    header: 'Expected profit',
    cell: (o) => formatPercent(o.expectedProfitPercent),
    className: wrapped,
  },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (o) => <span className={`${badge} ${OUTCOME_STYLES[o.outcome]}`}>{OUTCOME_LABELS[o.outcome]}</span>,
  },
  { key: 'exit', header: 'Exit', cell: (o) => o.exitPrice ?? NOT_AVAILABLE, className: numeric },
  { key: 'net', header: 'Net return', cell: (o) => formatPercent(o.netReturnPercent), className: numeric },
  {
    key: 'commitment',
    header: 'Commitment',
    // The position is the export's line number; the full hash is in the title.
    cell: (o) => (
      <span className="font-mono text-xs text-slate-300" title={o.hash}>
        #{o.seq} {shortHash(o.hash)}
      </span>
    ),
  },
];
