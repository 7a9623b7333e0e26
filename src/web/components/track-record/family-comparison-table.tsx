import type { BacktestComparison, TrackRecordFamily } from '../../../contract/track-record';
import { NOT_AVAILABLE, formatDecimal, formatPercent } from '../../lib/format';
import { TableFrame, type TableHeader } from '../ui/table-frame';

/*
 * Each strategy family's live record beside its walk-forward backtest over the same market period,
 * shared by /track-record and Signal Quality. The live figures come from the public hash chain;
 * a live mean outside the backtest's 95 % interval is flagged, since it means the backtest did not
 * describe what the family went on to do.
 */

export const OUTSIDE_FLAG = "Live outside the backtest's 95 % interval";
export const INSIDE = 'Live mean inside it';
export const NO_BACKTEST = 'No backtest yet';
export const NO_BACKTEST_TRADES = 'No backtest trades in this period';
export const TOO_FEW_BACKTEST_TRADES = 'Too few backtest trades for an interval';
export const NO_FAMILIES = 'No strategy family has published an offer here yet.';

const numeric = 'text-right tabular-nums';
const cell = 'whitespace-nowrap px-3 py-2.5';

const HEADERS: readonly TableHeader[] = [
  { label: 'Family' },
  { label: 'Offers', className: numeric },
  { label: 'Settled', className: numeric },
  { label: 'Hit rate', className: numeric },
  { label: 'Stated success', className: numeric },
  { label: 'Mean net (t)', className: numeric },
  { label: 'Backtest trades', className: numeric },
  { label: 'Backtest mean net', className: numeric },
  { label: 'Backtest 95 % interval', className: numeric },
];

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** 'Oct 2 – 25, 2026': the market period the backtest covers. */
export function formatBacktestPeriod(backtest: Pick<BacktestComparison, 'from' | 'to'>): string {
  return day.formatRange(new Date(backtest.from), new Date(backtest.to));
}

/** '0.39% (t 1.32)'; the t-statistic needs two settled offers, the mean one. */
export function formatMeanWithT(mean: number | null, tStat: number | null): string {
  return mean === null ? NOT_AVAILABLE : `${formatPercent(mean)} (t ${formatDecimal(tStat)})`;
}

export function formatInterval(interval: { low: number; high: number }): string {
  return `[${formatPercent(interval.low)}, ${formatPercent(interval.high)}]`;
}

function BacktestCells({ backtest }: { backtest: BacktestComparison | null }) {
  if (!backtest)
    return (
      <td colSpan={3} className={`${cell} text-slate-400`}>
        {NO_BACKTEST}
      </td>
    );
  const { interval } = backtest;
  return (
    <>
      <td className={`${cell} ${numeric}`}>
        {backtest.trades}
        <span className="block text-xs text-slate-400">{formatBacktestPeriod(backtest)}</span>
      </td>
      <td className={`${cell} ${numeric}`}>{formatPercent(backtest.meanNetReturnPercent)}</td>
      {/* The flag sits under the interval it refers to, and wraps: on a laptop it stays in view
          rather than past the table's right edge. */}
      <td className={`${cell} min-w-44 text-right whitespace-normal!`}>
        {interval ? (
          <span className="whitespace-nowrap tabular-nums">{formatInterval(interval)}</span>
        ) : (
          <span className="text-slate-400">
            {backtest.trades === 0 ? NO_BACKTEST_TRADES : TOO_FEW_BACKTEST_TRADES}
          </span>
        )}
        {backtest.outside ? (
          <span className="mt-1 block">
            <span className="inline-block rounded-full border border-red-700 bg-red-950/60 px-2.5 py-0.5 text-xs font-medium text-red-300">
              {OUTSIDE_FLAG}
            </span>
          </span>
        ) : interval ? (
          <span className="block text-xs text-emerald-300">{INSIDE}</span>
        ) : null}
      </td>
    </>
  );
}

export function FamilyComparisonTable({
  families,
  caption = 'Live against backtest, per family',
}: {
  families: readonly TrackRecordFamily[];
  caption?: string;
}) {
  return (
    <TableFrame caption={caption} headers={HEADERS} placeholder={families.length === 0 ? NO_FAMILIES : null}>
      {families.map(({ family, live, backtest }) => (
        <tr key={family} className="hover:bg-slate-800/60">
          <td className={`${cell} font-medium text-white`}>{family}</td>
          <td className={`${cell} ${numeric}`}>{live.offers}</td>
          <td className={`${cell} ${numeric}`}>{live.settled}</td>
          <td className={`${cell} ${numeric}`}>{formatPercent(live.hitRate)}</td>
          <td className={`${cell} ${numeric}`}>{formatPercent(live.predictedSuccessRate)}</td>
          <td className={`${cell} ${numeric}`}>{formatMeanWithT(live.meanNetReturnPercent, live.tStat)}</td>
          <BacktestCells backtest={backtest} />
        </tr>
      ))}
    </TableFrame>
  );
}

/** What the columns mean, for under the table. */
export function FamilyComparisonNote() {
  return (
    <p className="mt-3 text-sm text-slate-400">
      Live columns count the family&apos;s published offers; hit rate and mean net return (after the
      round-trip fee, with its t-statistic) are over the settled ones, and stated success is the mean success
      rate those offers stated when they were published. The backtest columns are a walk-forward backtest of
      the same family over the same market period (from its first to its last settled live offer); its 95 %
      interval is where the mean of as many trades drawn like the backtest&apos;s would fall 95 % of the time.
    </p>
  );
}
