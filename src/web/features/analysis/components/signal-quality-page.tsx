import { useSearchParams } from 'react-router';
import { timeRangeSchema, type TimeRange } from '../../../../contract/common';
import { PublicationGateCard } from '../../../components/publication-gate-card';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { SIGNAL_QUALITY_ERROR, useSignalQuality } from '../api/get-signal-quality';
import { BrierCard } from './brier-card';
import { CalibrationTable } from './calibration-table';
import { DefinitionsCard } from './definitions-card';
import { GateBacktestTable } from './gate-backtest-table';
import { LiveVsBacktestCard } from './live-vs-backtest-card';
import { PublishedOutcomesCard } from './published-outcomes-card';
import { ReliabilityChartCard } from './reliability-chart-card';
import { TimeRangeSelect } from './time-range-select';

/** The API's default: enough offers to judge, recent enough to reflect the engine as it is. */
const DEFAULT_RANGE: TimeRange = '90d';

/**
 * /analysis (spec README): how far to trust the engine's numbers. Its predicted success rates against
 * what then happened to every published offer, live and in the walk-forward backtest.
 */
export function SignalQualityPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = timeRangeSchema.safeParse(searchParams.get('timeRange'));
  const timeRange = parsed.success ? parsed.data : DEFAULT_RANGE;
  const quality = useSignalQuality(timeRange);
  useLoadErrorToast(quality.error, { fallback: SIGNAL_QUALITY_ERROR, toastId: 'signal-quality-error' });
  const data = quality.data;

  return (
    <>
      <PageTitle title="Signal Quality">
        <TimeRangeSelect
          value={timeRange}
          onChange={(next) =>
            setSearchParams(next === DEFAULT_RANGE ? {} : { timeRange: next }, { replace: true })
          }
        />
      </PageTitle>
      <p className="mb-6 max-w-3xl text-slate-300">
        Every offer states a predicted success rate. Here is how those predictions fared: once an offer&apos;s
        horizon has passed it is scored against the candles that followed, whether anyone took it or not.
        Trust a number as far as its row below holds on a large sample, and as far as the engine beats simply
        guessing the base rate.
      </p>
      {quality.isError && !data ? (
        <LoadError
          title={SIGNAL_QUALITY_ERROR}
          detail={serverErrorMessage(quality.error, SIGNAL_QUALITY_ERROR)}
        />
      ) : (
        <div className="space-y-6" aria-busy={quality.isFetching || undefined}>
          <SectionCard title="Calibration by position type and risk level">
            <CalibrationTable groups={data?.groups} loading={quality.isPending} />
            <GateBacktestTable gate={data?.backtest?.gate} />
          </SectionCard>
          {data ? (
            <>
              <ReliabilityChartCard data={data} />
              <BrierCard data={data} />
              <PublicationGateCard gate={data.backtest?.gate} />
              <PublishedOutcomesCard outcomes={data.published} />
              <LiveVsBacktestCard />
            </>
          ) : null}
          <DefinitionsCard />
        </div>
      )}
    </>
  );
}
