import { useMemo } from 'react';
import type { SignalQualityResponse } from '../../../../contract/signal-quality';
import { LazyChart } from '../../../components/charts';
import { SectionCard } from '../../../components/ui/section-card';
import { backtestValues, livePoints, reliabilityOption } from '../lib/reliability-chart';

export const NOTHING_TO_PLOT =
  'Nothing to plot yet: no offer in this range has been scored and no backtest has been computed.';

/** Predicted band against realised rate, live offers beside the walk-forward backtest. */
export function ReliabilityChartCard({ data }: { data: SignalQualityResponse }) {
  const option = useMemo(() => reliabilityOption(data.calibration, data.backtest), [data]);
  const empty = livePoints(data.calibration).length === 0 && backtestValues(data.backtest).length === 0;
  return (
    <SectionCard title="Reliability chart">
      {empty ? (
        <p className="py-8 text-center text-slate-400">{NOTHING_TO_PLOT}</p>
      ) : (
        <LazyChart
          option={option}
          height={360}
          ariaLabel="Reliability chart: predicted against realised success rate, by band of prediction"
        />
      )}
      <p className="mt-3 text-sm text-slate-400">
        Each point is a 10-point band of predicted success rate. On the dashed diagonal the engine is
        perfectly calibrated; below it, it promised more than happened. Live points are sized by how many
        offers they hold, with their 95 % interval as a whisker; the backtest replays the engine on stored
        candles it had not seen.
      </p>
    </SectionCard>
  );
}
