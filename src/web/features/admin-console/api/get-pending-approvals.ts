import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { getApprovals } from '../../admin-approvals';

/** The Pending Approvals tab's page: refetched on every visit, unlike the Approvals screen's. */
export const pendingApprovalsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'pendingApprovals', page, pageSize],
    queryFn: ({ signal }) => getApprovals({ page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });

export function usePendingApprovals(page: number, pageSize: number) {
  return useQuery(pendingApprovalsQueryOptions(page, pageSize));
}
