import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  approvalsEndpoint,
  approvalsResponseSchema,
  type ApprovalsQuery,
} from '../../../../contract/admin-approvals';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { approvalsKeys } from './query-keys';

export const APPROVALS_FETCH_ERROR = 'Failed to fetch approvals';

/** Admin spec 9: approvals are stale after 60 s. */
const APPROVALS_STALE_MS = 60_000;

export function getApprovals(query: ApprovalsQuery, signal?: AbortSignal) {
  return apiRequest(endpointPath(approvalsEndpoint), {
    query: { ...query },
    schema: approvalsResponseSchema,
    fallbackError: APPROVALS_FETCH_ERROR,
    signal,
  });
}

export const approvalsQueryOptions = (query: ApprovalsQuery) =>
  queryOptions({
    queryKey: approvalsKeys.list(query),
    queryFn: ({ signal }) => getApprovals(query, signal),
    staleTime: APPROVALS_STALE_MS,
    // The previous page stays on screen while the next one (or the next filter) loads.
    placeholderData: keepPreviousData,
  });

export function useApprovals(query: ApprovalsQuery) {
  return useQuery(approvalsQueryOptions(query));
}
