import type { PaymentStatus } from '../../../../contract/enums';
import type { Payment } from '../../../../contract/payments';
import { capitalize } from '../../../lib/format';

const statusClass: Record<PaymentStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  completed: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  failed: 'bg-red-500/15 text-red-300 ring-red-500/30',
  rejected: 'bg-red-500/15 text-red-300 ring-red-500/30',
};

/** The status capitalised (trader spec 4), with why a deposit failed or a withdrawal was rejected. */
export function PaymentStatusCell({ payment }: { payment: Payment }) {
  const showReason = (payment.status === 'failed' || payment.status === 'rejected') && payment.reason;
  return (
    <div className="flex flex-col items-start gap-1">
      <span
        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusClass[payment.status]}`}
      >
        {capitalize(payment.status)}
      </span>
      {showReason ? (
        <span className="max-w-64 whitespace-normal text-xs text-slate-400">Reason: {payment.reason}</span>
      ) : null}
    </div>
  );
}
