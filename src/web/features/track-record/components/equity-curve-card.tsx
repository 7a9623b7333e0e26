import { useMemo } from 'react';
import type { TrackRecordResponse } from '../../../../contract/track-record';
import { LazyChart } from '../../../components/charts';
import { SectionCard } from '../../../components/ui/section-card';
import { formatPercent } from '../../../lib/format';
import { buildEquityOption, describeEquity } from '../lib/equity-option';

/** Spec 9: line charts are 300 px high. */
const HEIGHT = 300;

export const NO_SETTLED_OFFER =
  'No settled offer here yet: the curve starts with the first outcome appended to the chain.';

export function EquityCurveCard({ equity, figures }: Pick<TrackRecordResponse, 'equity' | 'figures'>) {
  const option = useMemo(() => buildEquityOption(equity), [equity]);
  return (
    <SectionCard
      title="Equity curve"
      actions={
        <span className="text-slate-300">
          Max drawdown{' '}
          <strong className="font-semibold text-white" data-testid="equity-drawdown">
            {formatPercent(figures.maxDrawdownPercent)}
          </strong>
        </span>
      }
    >
      {equity.length === 0 ? (
        <p className="py-8 text-center text-slate-400">{NO_SETTLED_OFFER}</p>
      ) : (
        <LazyChart option={option} height={HEIGHT} ariaLabel={describeEquity(equity, figures)} />
      )}
      <p className="mt-3 text-sm text-slate-400">
        The cumulative net return of an equal stake on every settled offer, in order of settlement, in percent
        of one stake (bypass offers left out). The max drawdown is its deepest fall from a running peak.
      </p>
    </SectionCard>
  );
}
