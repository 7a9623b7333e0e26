import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { GUARDRAILS_LOAD_ERROR, useGuardrails } from '../api/get-guardrails';

/** Read-only: the platform sets these limits and the server enforces them on every accept. */
export function TradingLimitsCard() {
  const guardrails = useGuardrails();
  const g = guardrails.data;
  return (
    <SectionCard title="Trading limits">
      {g ? (
        <>
          <dl className="space-y-3 text-sm">
            <Limit term="Open trades at once" value={`at most ${g.maxOpenTrades}`} />
            <Limit term="Daily loss cap" value={`${g.dailyLossCapPercent}% of the day's starting equity`} />
            <Limit
              term="Cooldown"
              value={`${g.cooldownMinutes} minutes after ${g.lossStreakLimit} losing trades in a row`}
            />
          </dl>
          <p className="mt-4 text-xs text-slate-400">
            Set by the platform for every trader. An offer you accept beyond a limit is refused with the rule
            that applies.
          </p>
        </>
      ) : guardrails.isError ? (
        <LoadError
          title={GUARDRAILS_LOAD_ERROR}
          detail={serverErrorMessage(guardrails.error, GUARDRAILS_LOAD_ERROR)}
        />
      ) : (
        <p role="status" className="text-slate-400">
          Loading trading limits...
        </p>
      )}
    </SectionCard>
  );
}

function Limit({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-700/60 pb-3 last:border-0 last:pb-0">
      <dt className="text-slate-400">{term}</dt>
      <dd className="font-medium text-white">{value}</dd>
    </div>
  );
}
