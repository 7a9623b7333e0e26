import type { GateFamily, PublicationGate } from '../../contract/signal-quality';
import { DataTable, type Column } from './ui/data-table';
import { SectionCard } from './ui/section-card';
import { formatDecimal, formatPercent } from '../lib/format';

export const GATE_NOT_COMPUTED =
  'The publication gate has not been judged yet: the server judges every strategy family on the stored candles once its market data has loaded after start-up, then at every daily close.';

const numeric = 'text-right tabular-nums';

const columns: readonly Column<GateFamily>[] = [
  {
    key: 'name',
    header: 'Family',
    cell: (f) => (
      <span className="font-medium text-white" title={f.variant}>
        {f.name}
      </span>
    ),
  },
  {
    key: 'passes',
    header: 'Gate',
    cell: (f) =>
      f.passes ? (
        <span className="font-semibold text-emerald-300">Passes</span>
      ) : (
        <span className="text-slate-300" title={f.misses.join('; ')}>
          Does not pass
        </span>
      ),
  },
  {
    key: 'deflatedSharpe',
    header: 'Deflated Sharpe',
    cell: (f) => formatDecimal(f.deflatedSharpe),
    className: numeric,
  },
  { key: 'pbo', header: 'PBO', cell: (f) => formatDecimal(f.pbo), className: numeric },
  {
    key: 'meanNet',
    header: 'Mean Net (t)',
    cell: (f) =>
      f.meanNetPercent === null ? 'N/A' : `${formatPercent(f.meanNetPercent)} (${formatDecimal(f.tStat)})`,
    className: numeric,
  },
  { key: 'sharpe', header: 'Sharpe', cell: (f) => formatDecimal(f.sharpe), className: numeric },
  { key: 'signals', header: 'Trades', cell: (f) => f.signals, className: numeric },
];

/** Which strategy families may publish offers: the gate's figures per family on the stored candles. */
export function PublicationGateCard({ gate }: { gate: PublicationGate | undefined }) {
  const passing = gate?.families.filter((f) => f.passes) ?? [];
  return (
    <SectionCard title="Publication gate">
      {!gate ? (
        <p className="text-slate-400">{GATE_NOT_COMPUTED}</p>
      ) : (
        <>
          <p className="mb-3 text-slate-200" data-testid="gate-verdict">
            {passing.length === 0
              ? 'No strategy family passes the gate on this market, so the engine has no edge it can defend here.'
              : `${passing.map((f) => f.name).join(', ')} ${passing.length === 1 ? 'passes' : 'pass'} the gate on this market.`}
          </p>
          {gate.live && gate.live.length > 0 ? (
            <p className="mb-3 text-slate-300" data-testid="gate-live">
              At the latest daily close the passing families hold:{' '}
              {gate.live
                .map(
                  (p) =>
                    `${p.symbol} ${p.side} (${p.family}, expected ${formatPercent(p.expectedProfitPercent)})`,
                )
                .join(', ')}
              .
            </p>
          ) : null}
          <DataTable
            caption="Publication gate by strategy family"
            columns={columns}
            rows={gate.families}
            rowKey={(f) => f.name}
            loading={false}
            loadingText="Loading the gate..."
            emptyText="No pairs with stored candles to judge."
          />
          <p className="mt-3 text-sm text-slate-400">
            Each family is judged on {gate.days} days of hourly candles of {gate.pairs} pairs, fees and
            slippage included ({gate.feeSchedule}), by its best variant. It passes when the deflated Sharpe
            ratio is at least {formatDecimal(gate.thresholds.minDeflatedSharpe)} (its Sharpe beats the best
            that {gate.trials} variants of no skill would show by luck), the probability of backtest
            overfitting is at most {formatDecimal(gate.thresholds.maxPbo)}, and its mean net return per trade
            has a 95 % lower bound above zero (t above {formatDecimal(gate.thresholds.minTStat)}).
          </p>
        </>
      )}
    </SectionCard>
  );
}
