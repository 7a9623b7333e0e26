import { PRO_PRICE_DOLLARS, resetDateText, type PlanView } from '../../../../contract/billing';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { useConfirm } from '../../../components/ui/use-confirm';
import { serverErrorMessage } from '../../../lib/api-client';
import { formatLongDateTime } from '../../../lib/format';
import { PLAN_LOAD_ERROR, useBillingRedirect, useChangeCancellation, usePlan } from '../api/plan';

export const CANCEL_QUESTION =
  'Cancel Pro? It stays until the end of the paid period, then your plan is Free.';

/**
 * The trader's plan (issue #20): Free with this month's accepts against its limit and the upgrade,
 * or Pro with its renewal, cancel (to the period's end), resume and the provider's billing portal.
 */
export function PlanCard() {
  const plan = usePlan();
  return (
    <div id="plan">
      <SectionCard title="Plan">
        {plan.data ? (
          <PlanDetails plan={plan.data} />
        ) : plan.isError ? (
          <LoadError title={PLAN_LOAD_ERROR} detail={serverErrorMessage(plan.error, PLAN_LOAD_ERROR)} />
        ) : (
          <p role="status" className="text-slate-400">
            Loading your plan...
          </p>
        )}
      </SectionCard>
    </div>
  );
}

function PlanDetails({ plan }: { plan: PlanView }) {
  const redirect = useBillingRedirect();
  const change = useChangeCancellation();
  const { ask, dialog } = useConfirm();
  const busy = redirect.isPending || change.isPending;

  if (plan.plan === 'free') {
    const usage = plan.usage!;
    return (
      <div className="space-y-4 text-sm">
        <p className="text-lg font-semibold text-white">Free</p>
        <p className="text-slate-200" data-testid="plan-usage">
          {usage.accepted} of {usage.limit} accepted offers used this month; the count resets on{' '}
          {resetDateText(usage.resetsAt)}.
        </p>
        <Button
          disabled={busy}
          aria-busy={redirect.isPending || undefined}
          onClick={() => redirect.mutate('checkout')}
        >
          {redirect.isPending ? 'Processing...' : `Upgrade to Pro — $${PRO_PRICE_DOLLARS}/month`}
        </Button>
        {plan.provider === 'simulated' ? (
          <p className="text-xs text-slate-400">Simulated card provider: no real card is charged.</p>
        ) : null}
      </div>
    );
  }

  const end = formatLongDateTime(plan.currentPeriodEnd);
  return (
    <div className="space-y-4 text-sm">
      <p className="text-lg font-semibold text-white">Pro</p>
      <p className="text-slate-200" data-testid="plan-period">
        {plan.cancelAtPeriodEnd
          ? `Cancelled: Pro ends on ${end}, then your plan is Free.`
          : `Renews on ${end}.`}
        {plan.status === 'past_due' ? ' The last renewal failed; the card provider is retrying it.' : ''}
      </p>
      <p className="text-slate-400">Unlimited accepted offers.</p>
      <div className="flex flex-wrap gap-3">
        {plan.cancelAtPeriodEnd ? (
          <Button disabled={busy} onClick={() => change.mutate('resume')}>
            Resume Pro
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => ask(CANCEL_QUESTION, () => change.mutate('cancel'))}
          >
            Cancel Pro
          </Button>
        )}
        {plan.portal ? (
          <Button variant="secondary" disabled={busy} onClick={() => redirect.mutate('portal')}>
            Manage Billing
          </Button>
        ) : null}
      </div>
      {dialog}
    </div>
  );
}
