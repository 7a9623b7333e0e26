import type { ReactNode } from 'react';
import type { TrackRecordFigures } from '../../../../contract/track-record';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDecimal, formatPercent } from '../../../lib/format';

export function bypassNote(count: number): string {
  return count === 1
    ? '1 bypass offer is listed below but left out of these figures.'
    : `${count} bypass offers are listed below but left out of these figures.`;
}

function Figure({ term, value, detail }: { term: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-700 bg-slate-900/60 p-3 sm:p-4">
      <dt className="text-sm text-slate-400">{term}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-white sm:text-2xl">{value}</dd>
      {detail ? <dd className="mt-1 text-xs text-slate-400">{detail}</dd> : null}
    </div>
  );
}

/**
 * The record's figures for the filters. Bypass offers (an operator's, published past the gate) are
 * left out: they do not come from a family that earned its place, so they would blur its record.
 */
export function HeadlineFigures({
  figures,
  bypassOffers,
}: {
  figures: TrackRecordFigures;
  bypassOffers: number;
}) {
  return (
    <SectionCard title="Headline figures">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure term="Offers published" value={figures.offers} />
        <Figure
          term="Settled"
          value={figures.settled}
          detail={`${figures.pending} pending, ${figures.unscoreable} unscoreable`}
        />
        <Figure
          term="Hit rate"
          value={formatPercent(figures.hitRate)}
          detail={`${figures.succeeded} of ${figures.settled} settled succeeded; stated ${formatPercent(figures.predictedSuccessRate)}`}
        />
        <Figure
          term="Mean net return per offer"
          value={formatPercent(figures.meanNetReturnPercent)}
          detail={`t-statistic ${formatDecimal(figures.tStat)}`}
        />
        <Figure
          term="Total net return of an equal stake"
          value={formatPercent(figures.totalNetReturnPercent)}
          detail="Percent of one stake, summed over every settled offer"
        />
        <Figure
          term="Max drawdown"
          value={formatPercent(figures.maxDrawdownPercent)}
          detail="Deepest fall of that total from its running peak"
        />
      </dl>
      <p className="mt-4 text-sm text-slate-400">
        Net returns are after the round-trip fee, as if each offer was followed at its stated entry.
        {bypassOffers > 0 ? <> {bypassNote(bypassOffers)}</> : null}
      </p>
    </SectionCard>
  );
}
