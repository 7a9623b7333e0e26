import type { RiskLevel } from '../../../../contract/enums';
import type { Column } from '../../../components/ui/data-table';
import { capitalize, formatDecimal, formatPercent } from '../../../lib/format';
import type { Judged } from '../lib/verdict';
import { VerdictBadge } from './verdict-badge';

export const numeric = 'text-right tabular-nums';

/** What every calibration row shows: a prediction against what happened, judged on its interval. */
export interface CalibrationRow extends Judged {
  riskLevel: RiskLevel;
  predictedSuccessRate: number | null;
  realisedSuccessRate: number | null;
}

/** Risk level, verdict, predicted, realised and the 95 % interval: the columns both tables share. */
export function calibrationColumns<T extends CalibrationRow>(): Column<T>[] {
  return [
    { key: 'riskLevel', header: 'Risk Level', cell: (r) => capitalize(r.riskLevel) },
    { key: 'verdict', header: 'Verdict', cell: (r) => <VerdictBadge verdict={r.verdict} /> },
    {
      key: 'predicted',
      header: 'Predicted',
      cell: (r) => formatPercent(r.predictedSuccessRate),
      className: numeric,
    },
    {
      key: 'realised',
      header: 'Realised',
      cell: (r) => formatPercent(r.realisedSuccessRate),
      className: numeric,
    },
    {
      key: 'interval',
      header: '95 % Interval',
      cell: (r) =>
        r.interval ? `${formatDecimal(r.interval.low)}–${formatPercent(r.interval.high)}` : 'N/A',
      className: numeric,
    },
  ];
}
