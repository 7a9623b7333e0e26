import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { formatMoney } from '../../../lib/format';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { BALANCE_FETCH_ERROR, useBalance } from '../api/get-balance';

/** Available balance, and what pending withdrawals hold back when there is any. */
export function BalanceCard() {
  const balance = useBalance();
  useLoadErrorToast(balance.error, { fallback: 'Failed to load balance', toastId: 'balance-error' });

  return (
    <SectionCard title="Balance">
      {balance.data ? (
        <dl className="flex flex-wrap gap-x-12 gap-y-4">
          <div>
            <dt className="text-sm text-slate-400">Available balance</dt>
            <dd className="mt-1 text-3xl font-bold tracking-tight text-white" data-testid="available-balance">
              {formatMoney(balance.data.balance)}
            </dd>
          </div>
          {balance.data.held > 0 ? (
            <div>
              <dt className="text-sm text-slate-400">Held by pending withdrawals</dt>
              <dd
                className="mt-1 text-3xl font-bold tracking-tight text-amber-300"
                data-testid="held-balance"
              >
                {formatMoney(balance.data.held)}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : balance.isError ? (
        <LoadError
          title="Failed to load balance"
          detail={serverErrorMessage(balance.error, BALANCE_FETCH_ERROR)}
        />
      ) : (
        <p role="status" className="text-slate-400">
          Loading balance...
        </p>
      )}
    </SectionCard>
  );
}
