import { APPROVAL_PAGE_SIZES } from '../../../../contract/admin-approvals';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/use-confirm';
import { formatMoney } from '../../../lib/format';
import { APPROVE_ONE_TOASTS, useApproveWithdrawals } from '../../admin-approvals';
import { usePendingApprovals } from '../api/get-pending-approvals';
import type { TabContext } from '../lib/collection-context';
import { approvalColumns } from './collection-columns';
import { ListTab } from './list-tab';

/** The approvals call pages by at most 50 (its contract); a bigger screen page size asks for 50. */
const largestApprovalPage = Math.max(...APPROVAL_PAGE_SIZES);

/** Pending Approvals: Approve per row, the Eye's Bulk Approve, and 'Total Pending: N'. */
export function ApprovalsTab({ variant, params, onPageChange }: TabContext) {
  const pageSize = Math.min(params.pageSize, largestApprovalPage);
  const query = usePendingApprovals(params.page, pageSize);
  const confirm = useConfirm();
  const approve = useApproveWithdrawals(APPROVE_ONE_TOASTS);
  const approveMany = useApproveWithdrawals({
    success: 'Selected withdrawals approved',
    failure: () => 'Failed to approve selected withdrawals',
  });
  const total = query.data?.total ?? 0;
  return (
    <>
      <ListTab
        variant={variant}
        title="Pending Approvals"
        name="pendingApprovals"
        timeRange={params.timeRange}
        columns={approvalColumns}
        rows={query.data?.approvals}
        total={total}
        loading={query.isFetching}
        error={query.error}
        loadErrorText="Failed to fetch approvals"
        page={params.page}
        pageSize={pageSize}
        onPageChange={onPageChange}
        rowKey={(a) => a.id}
        rowLabel={(a) => `approval ${a.id}`}
        actions={(approval) => (
          <Button
            disabled={approval.status !== 'pending' || approve.isPending}
            onClick={() =>
              confirm.ask(`Approve payment of ${formatMoney(approval.amount)}?`, () =>
                approve.mutate([approval.id]),
              )
            }
          >
            Approve<span className="sr-only"> approval {approval.id}</span>
          </Button>
        )}
        toolbar={(selected, clear) =>
          variant === 'eye' ? (
            <Button
              disabled={selected.length === 0 || approveMany.isPending}
              onClick={() =>
                confirm.ask(`Approve ${selected.length} selected payments?`, () =>
                  approveMany.mutate(
                    selected.map((a) => a.id),
                    { onSettled: clear },
                  ),
                )
              }
            >
              Bulk Approve ({selected.length})
            </Button>
          ) : null
        }
        footer={<p className="text-sm text-slate-300">Total Pending: {total}</p>}
      />
      {confirm.dialog}
    </>
  );
}
