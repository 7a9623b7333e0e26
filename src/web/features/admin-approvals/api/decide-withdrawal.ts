import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  approvalResultSchema,
  approveWithdrawalEndpoint,
  rejectWithdrawalEndpoint,
  type RejectWithdrawalInput,
} from '../../../../contract/admin-approvals';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { approvalsKeys } from './query-keys';

export const APPROVE_FAILED = 'Failed to approve withdrawal';
export const APPROVE_SELECTED_FAILED = 'Failed to approve selected withdrawals';
export const REJECT_FAILED = 'Failed to reject withdrawal';

/** Pending → completed; the held funds are paid out. */
export function postApproveWithdrawal(id: string) {
  return apiRequest(endpointPath(approveWithdrawalEndpoint, { id }), {
    method: 'POST',
    schema: approvalResultSchema,
    fallbackError: APPROVE_FAILED,
  });
}

/** Pending → rejected; the held funds go back to the trader, who sees the reason. */
export function postRejectWithdrawal(id: string, input: RejectWithdrawalInput) {
  return apiRequest(endpointPath(rejectWithdrawalEndpoint, { id }), {
    method: 'POST',
    body: input,
    schema: approvalResultSchema,
    fallbackError: REJECT_FAILED,
  });
}

/**
 * Bulk approval is one call per id (admin spec 7). All of them are attempted; the mutation fails
 * when any did, and every admin list is refetched either way, since some may have gone through.
 */
async function approveAll(ids: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(ids.map((id) => postApproveWithdrawal(id)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

type Decision = { kind: 'approve'; ids: readonly string[] } | { kind: 'reject'; id: string; reason: string };

function decide(decision: Decision): Promise<unknown> {
  return decision.kind === 'approve'
    ? approveAll(decision.ids)
    : postRejectWithdrawal(decision.id, { reason: decision.reason });
}

export function useDecideWithdrawals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKeys.admin }),
  });
}
