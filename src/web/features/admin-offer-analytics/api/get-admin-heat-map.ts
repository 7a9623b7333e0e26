import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminHeatMapEndpoint, type AdminHeatMapQuery } from '../../../../contract/admin-heatmap';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const ANALYTICS_FETCH_ERROR = 'Failed to fetch analytics';

/** Under the 'admin' prefix, so any admin mutation refetches it with the other admin lists. */
export const adminHeatMapKey = (query: AdminHeatMapQuery) => ['admin', 'heat-map', query] as const;

export function getAdminHeatMap(query: AdminHeatMapQuery, signal?: AbortSignal) {
  return apiRequest(endpointPath(adminHeatMapEndpoint), {
    query: { ...query },
    schema: adminHeatMapEndpoint.response,
    fallbackError: ANALYTICS_FETCH_ERROR,
    signal,
  });
}

export const adminHeatMapQueryOptions = (query: AdminHeatMapQuery) =>
  queryOptions({
    queryKey: adminHeatMapKey(query),
    queryFn: ({ signal }) => getAdminHeatMap(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminHeatMap(query: AdminHeatMapQuery) {
  return useQuery(adminHeatMapQueryOptions(query));
}
