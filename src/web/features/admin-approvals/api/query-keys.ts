import type { ApprovalsQuery } from '../../../../contract/admin-approvals';

/**
 * Every admin query starts with 'admin' (the dashboard's too), so one invalidation after any
 * admin mutation refetches every admin list (admin spec 4).
 */
export const approvalsKeys = {
  admin: ['admin'] as const,
  list: (query: ApprovalsQuery) => ['admin', 'approvals', query] as const,
};
