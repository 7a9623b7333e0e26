import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { approveWithdrawalEndpoint } from '../../../../contract/admin-approvals';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { apiRequest, serverErrorMessage } from '../../../lib/api-client';
import { useConfirmSecondFactor } from '../../../lib/auth/second-factor-context';
import { retryWithSecondFactor } from '../../../lib/auth/second-factor-retry';
import { endpointPath } from '../../../lib/endpoint-path';

export const APPROVE_FAILED = 'Failed to approve withdrawal';
export const APPROVE_SELECTED_FAILED = 'Failed to approve selected withdrawals';

/**
 * Pending → completed; the held funds are paid out. The answer is not read, so it is not parsed:
 * an approval that went through is never reported as failed.
 */
export function postApproveWithdrawal(id: string) {
  return apiRequest(endpointPath(approveWithdrawalEndpoint, { id }), {
    method: 'POST',
    fallbackError: APPROVE_FAILED,
  });
}

/**
 * Bulk approval is one call per id (admin spec 7). All of them are attempted; it fails with the
 * first failure when any failed.
 */
export async function approveWithdrawals(ids: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(ids.map((id) => postApproveWithdrawal(id)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

interface ApproveToasts {
  success: string;
  failure: (error: unknown) => string;
}

/** One withdrawal's Approve: 'Withdrawal approved', or the server's reason (else the spec's text). */
export const APPROVE_ONE_TOASTS: ApproveToasts = {
  success: 'Withdrawal approved',
  failure: (error) => serverErrorMessage(error, APPROVE_FAILED),
};

/**
 * Approves withdrawals (one, or the selected ones) with the screen's toasts. Every admin list is
 * refetched either way, since some of a bulk approval may have gone through.
 */
export function useApproveWithdrawals({ success, failure }: ApproveToasts) {
  const queryClient = useQueryClient();
  const confirm = useConfirmSecondFactor();
  return useMutation({
    // With two-factor on and no code in the last 10 minutes, the admin is asked for one first.
    mutationFn: (ids: readonly string[]) => retryWithSecondFactor(confirm, () => approveWithdrawals(ids)),
    onSuccess: () => toast.success(success),
    onError: (error) => toast.error(failure(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
