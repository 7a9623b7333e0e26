import type { GateBacktestRow, PublicationGate } from '../../../../contract/signal-quality';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { judgeCalibration, type Judged } from '../lib/verdict';
import { calibrationColumns, numeric } from './calibration-columns';

type Row = GateBacktestRow & Judged;

const columns: readonly Column<Row>[] = [
  {
    key: 'family',
    header: 'Family',
    cell: (r) => <span className="font-medium text-white">{r.family}</span>,
  },
  ...calibrationColumns<Row>(),
  { key: 'sampleSize', header: 'Positions', cell: (r) => r.sampleSize, className: numeric },
];

export const NO_GATE_BACKTEST =
  'The gate published nothing in its walk-forward on the stored candles: no family passed at any refit.';

/**
 * The publication gate's walk-forward on the stored candles, per family and risk level: there from
 * the server's first backtest, before any live offer has been scored.
 */
export function GateBacktestTable({ gate }: { gate: PublicationGate | undefined }) {
  const backtest = gate?.backtest;
  if (!backtest) return null;
  const rows = backtest.rows.map((row) => ({ ...row, ...judgeCalibration(row) }));
  return (
    <div className="mt-6">
      <h3 className="mb-2 font-semibold text-white">Walk-forward backtest of the publication gate</h3>
      <DataTable
        caption="Walk-forward backtest by family and risk level"
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.family}|${r.riskLevel}`}
        loading={false}
        loadingText="Loading the backtest..."
        emptyText={NO_GATE_BACKTEST}
      />
      <p className="mt-3 text-sm text-slate-400">
        On the stored candles, the gate judged every family on the candles before day{' '}
        {backtest.firstRefitDays} only, then again every {backtest.refitDays} days. Until each next judgement,
        a passing family&apos;s positions are what it would have published, each with the success rate of its
        record then (predicted); realised is the share that ended with a net gain after fees and slippage, as
        a live offer is scored.
      </p>
    </div>
  );
}
