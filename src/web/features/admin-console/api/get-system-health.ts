import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemHealthEndpoint } from '../../../../contract/admin-system-health';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const SYSTEM_HEALTH_REFRESH_MS = 60_000;

export function getSystemHealth(signal?: AbortSignal) {
  return apiRequest(endpointPath(systemHealthEndpoint), { schema: systemHealthEndpoint.response, signal });
}

/** Refetched every 60 s while shown (admin spec 9). */
export const systemHealthQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'systemHealth'],
    queryFn: ({ signal }) => getSystemHealth(signal),
    refetchInterval: SYSTEM_HEALTH_REFRESH_MS,
  });

export function useSystemHealth() {
  return useQuery(systemHealthQueryOptions());
}
