import type { BacktestCalibration, SignalQualityResponse } from '../../../../contract/signal-quality';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDecimal, formatLongDateTime, formatPercent } from '../../../lib/format';
import { baseRatePercent, compareBrier } from '../lib/brier';

export const BACKTEST_NOT_COMPUTED =
  'The walk-forward backtest has not been computed yet: the server runs it on the stored candles once its market data has loaded after start-up, then every 6 hours.';

const brierText = (value: number) => value.toFixed(4);

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-700 bg-slate-900/60 p-3">
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** One sentence on whether the predictions beat always guessing the base rate. */
function beatsSentence(brier: number | null, baseline: number | null, subject: string): string | null {
  const comparison = compareBrier(brier, baseline);
  if (!comparison) return null;
  const skill =
    comparison.skillPercent === null ? '' : ` (Brier skill ${formatPercent(comparison.skillPercent)})`;
  return comparison.beats
    ? `${subject} beats the base rate: its predictions were closer to what happened than always predicting the base rate${skill}.`
    : `${subject} does not beat the base rate: always predicting the base rate would have scored as well or better${skill}.`;
}

function LiveBrier({ data }: { data: SignalQualityResponse }) {
  const baseRate = baseRatePercent(data.groups);
  const sentence = beatsSentence(data.brierScore, data.brierBaseline, 'The engine');
  if (data.brierScore === null || data.brierBaseline === null)
    return (
      <p className="text-slate-400">No scored offers in this range yet, so there is no live Brier score.</p>
    );
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="Brier score (live)" value={brierText(data.brierScore)} testId="live-brier" />
        <Figure
          label="Always predicting the base rate"
          value={brierText(data.brierBaseline)}
          testId="live-brier-baseline"
        />
        <Figure label="Base rate (succeeded)" value={formatPercent(baseRate)} />
      </dl>
      <p className="mt-3 text-slate-200" data-testid="live-brier-verdict">
        {sentence}
      </p>
    </>
  );
}

function Backtest({ backtest }: { backtest: BacktestCalibration | null }) {
  if (!backtest) return <p className="text-slate-400">{BACKTEST_NOT_COMPUTED}</p>;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Engine version" value={backtest.engineVersion} />
        <Figure label="Pairs" value={backtest.pairs} />
        <Figure label="Signals" value={backtest.signals} />
        <Figure label="Mean calibration error" value={`${formatDecimal(backtest.mae)} points`} />
        <Figure
          label="Brier vs base rate"
          value={`${brierText(backtest.brier)} vs ${brierText(backtest.brierBaseline)}`}
          testId="backtest-brier"
        />
        <Figure label="Computed at" value={formatLongDateTime(backtest.computedAt)} />
      </dl>
      <p className="mt-3 text-slate-200">
        {beatsSentence(backtest.brier, backtest.brierBaseline, 'In the backtest the engine')} From day{' '}
        {backtest.warmupDays} of the stored candles on, the engine was run every few hours on the{' '}
        {backtest.lookbackDays} days of candles before each point, never after it, and each signal was judged
        on the candles that followed.
      </p>
    </>
  );
}

/** Brier score (mean squared gap between predicted probability and outcome) against the base rate's. */
export function BrierCard({ data }: { data: SignalQualityResponse }) {
  return (
    <SectionCard title="Brier score against the base rate">
      <p className="mb-4 text-sm text-slate-400">
        The Brier score is the mean of (predicted probability − outcome)², with outcome 1 for a success and 0
        otherwise: 0 is perfect, lower is better. Always predicting the base rate is the score to beat; a
        number that cannot beat it adds nothing.
      </p>
      <h3 className="mb-2 font-semibold text-white">Live offers</h3>
      <LiveBrier data={data} />
      <h3 className="mt-6 mb-2 font-semibold text-white">Walk-forward backtest</h3>
      <Backtest backtest={data.backtest} />
    </SectionCard>
  );
}
