import { approveWithdrawalEndpoint } from '../../../contract/admin-approvals';
import { adminPost, useAdminMutation } from './admin-queries';

const approveOne = (id: string) =>
  adminPost(approveWithdrawalEndpoint, undefined, 'Failed to approve withdrawal', { id });

/** Approve one pending withdrawal (POST approve-withdrawal/{id}). */
export function useApproveOne() {
  return useAdminMutation({
    run: (id: string) => approveOne(id),
    success: () => 'Withdrawal approved',
    failure: () => 'Failed to approve withdrawal',
  });
}

/**
 * Bulk approval: one call per selected id (admin spec 7); any failure fails the whole toast, as
 * the others have still gone through and the refetch shows which.
 */
export function useApproveMany(success: string, failure: string) {
  return useAdminMutation({
    run: async (ids: readonly string[]) => {
      const results = await Promise.allSettled(ids.map(approveOne));
      if (results.some((result) => result.status === 'rejected')) throw new Error(failure);
    },
    success: () => success,
    failure: () => failure,
  });
}
