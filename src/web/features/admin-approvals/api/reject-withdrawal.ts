import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  approvalResultSchema,
  rejectWithdrawalEndpoint,
  type RejectWithdrawalInput,
} from '../../../../contract/admin-approvals';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const REJECT_FAILED = 'Failed to reject withdrawal';

/** Pending → rejected; the held funds go back to the trader, who sees the reason. */
export function postRejectWithdrawal(id: string, input: RejectWithdrawalInput) {
  return apiRequest(endpointPath(rejectWithdrawalEndpoint, { id }), {
    method: 'POST',
    body: input,
    schema: approvalResultSchema,
    fallbackError: REJECT_FAILED,
  });
}

export function useRejectWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => postRejectWithdrawal(id, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
