import type { ApprovalsQuery } from '../../../../contract/admin-approvals';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';

/**
 * Every admin query starts with 'admin' (the dashboard's too), so one invalidation after any
 * admin mutation refetches every admin list (admin spec 4).
 */
export const approvalsKeys = {
  list: (query: ApprovalsQuery) => [...ADMIN_QUERY_KEY, 'approvals', query] as const,
};
