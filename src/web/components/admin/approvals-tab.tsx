import { useQuery } from '@tanstack/react-query';
import { approvalsEndpoint, APPROVAL_PAGE_SIZES } from '../../../contract/admin-approvals';
import { apiRequest } from '../../lib/api-client';
import { endpointPath } from '../../lib/endpoint-path';
import { formatMoney } from '../../lib/format';
import { Button } from '../ui/button';
import { ADMIN_QUERY_KEY } from './admin-queries';
import { approvalColumns } from './collection-columns';
import type { TabContext } from './collection-context';
import { ListTab } from './list-tab';
import { useApproveMany, useApproveOne } from './use-approve';
import { useConfirm } from './use-confirm';

/** The approvals call pages by at most 50 (its contract); a bigger screen page size asks for 50. */
const largestApprovalPage = Math.max(...APPROVAL_PAGE_SIZES);

/** Pending Approvals: Approve per row, the Eye's Bulk Approve, and 'Total Pending: N'. */
export function ApprovalsTab({ variant, params, onPageChange }: TabContext) {
  const pageSize = Math.min(params.pageSize, largestApprovalPage);
  const query = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'pendingApprovals', params.page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(approvalsEndpoint), {
        query: { page: params.page, pageSize },
        schema: approvalsEndpoint.response,
        fallbackError: 'Failed to fetch approvals',
        signal,
      }),
    placeholderData: (previous) => previous,
  });
  const confirm = useConfirm();
  const approve = useApproveOne();
  const approveMany = useApproveMany(
    'Selected withdrawals approved',
    'Failed to approve selected withdrawals',
  );
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
                approve.mutate(approval.id),
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
