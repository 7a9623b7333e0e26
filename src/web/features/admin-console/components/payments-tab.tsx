import type { AdminPaymentRecord } from '../../../../contract/admin-records';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { paymentColumns } from './collection-columns';
import type { TabContext } from '../lib/collection-context';
import { CollectionTab } from './record-tabs';
import { APPROVE_ONE_TOASTS, useApproveWithdrawals } from '../../admin-approvals';
import { useConfirm } from '../../../components/ui/use-confirm';

const isPending = (payment: { status: string }) => payment.status === 'pending';

/** Payments: Approve only for pending rows; the Eye adds Bulk Approve (admin spec 2 and 5). */
export function PaymentsTab(ctx: TabContext) {
  const confirm = useConfirm();
  const approve = useApproveWithdrawals(APPROVE_ONE_TOASTS);
  const approveMany = useApproveWithdrawals({
    success: 'Selected payments approved',
    failure: () => 'Failed to approve some payments',
  });
  return (
    <>
      <CollectionTab<AdminPaymentRecord>
        {...ctx}
        collection="payments"
        title="Payments"
        columns={paymentColumns}
        rowLabel={(p) => `payment ${p.id}`}
        actions={(payment) => (
          <Button
            disabled={!isPending(payment) || approve.isPending}
            onClick={() =>
              confirm.ask(`Approve payment of ${formatMoney(payment.amount)}?`, () =>
                approve.mutate([payment.id]),
              )
            }
          >
            Approve<span className="sr-only"> payment {payment.id}</span>
          </Button>
        )}
        toolbar={(selected, clear) => {
          if (ctx.variant !== 'eye') return null;
          const pending = selected.filter(isPending);
          return (
            <Button
              disabled={pending.length === 0 || approveMany.isPending}
              onClick={() =>
                confirm.ask(`Approve ${pending.length} selected payments?`, () =>
                  approveMany.mutate(
                    pending.map((p) => p.id),
                    { onSettled: clear },
                  ),
                )
              }
            >
              Bulk Approve ({pending.length})
            </Button>
          );
        }}
      />
      {confirm.dialog}
    </>
  );
}
