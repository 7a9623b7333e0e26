import type { SignalQualityGroup } from '../../../../contract/signal-quality';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { formatPositionType } from '../../../lib/format';
import { MIN_SAMPLE_TO_JUDGE, judgeCalibration, type Judged } from '../lib/verdict';
import { calibrationColumns, numeric } from './calibration-columns';

export const NO_SCORED_OFFERS =
  "No scored offers in this range yet. An offer is scored once its horizon has passed (a day or more for a family's position, 2 hours to a day for an operator's bypass offer), against the candles that followed its entry. Until then, the gate's walk-forward below shows how its success rates held on the stored candles.";

type Row = SignalQualityGroup & Judged;

const columns: readonly Column<Row>[] = [
  {
    key: 'positionType',
    header: 'Position Type',
    cell: (r) => <span className="font-medium text-white">{formatPositionType(r.positionType)}</span>,
  },
  ...calibrationColumns<Row>(),
  { key: 'sampleSize', header: 'Sample Size', cell: (r) => r.sampleSize, className: numeric },
  {
    key: 'outcomes',
    header: 'Succeeded / Failed / Neither',
    cell: (r) => `${r.succeeded} / ${r.failed} / ${r.neither}`,
    // The long header wraps; the short cells never need to.
    className: `${numeric} min-w-28 whitespace-normal!`,
  },
];

/** Predicted against realised success per position type × risk level, each row judged on its interval. */
export function CalibrationTable({
  groups,
  loading,
}: {
  groups: readonly SignalQualityGroup[] | undefined;
  loading: boolean;
}) {
  const rows = groups?.map((group) => ({ ...group, ...judgeCalibration(group) }));
  return (
    <>
      {rows?.length === 0 ? (
        <p role="status" className="rounded-lg border border-slate-700 px-4 py-6 text-center text-slate-300">
          {NO_SCORED_OFFERS}
        </p>
      ) : (
        <DataTable
          caption="Calibration by position type and risk level"
          columns={columns}
          rows={rows}
          rowKey={(r) => `${r.positionType}|${r.riskLevel}`}
          loading={loading}
          loadingText="Loading signal quality..."
          emptyText={NO_SCORED_OFFERS}
        />
      )}
      <p className="mt-3 text-sm text-slate-400">
        Predicted = the mean success rate the scored offers stated; realised = succeeded ÷ scored (a
        family&apos;s offer succeeds with a net gain at its horizon; a bypass offer that reached neither exit
        by its horizon counts as not succeeded). A prediction{' '}
        <strong className="text-slate-200">holds</strong> while it lies inside the 95 % interval of the
        realised rate (Wilson score interval), <strong className="text-slate-200">overstates</strong> above it
        and <strong className="text-slate-200">understates</strong> below it. Rows with fewer than{' '}
        {MIN_SAMPLE_TO_JUDGE} scored offers are not judged: their interval is too wide to say anything.
      </p>
    </>
  );
}
