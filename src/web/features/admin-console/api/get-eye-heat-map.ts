import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminHeatMapEndpoint } from '../../../../contract/admin-heatmap';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import type { CollectionParams } from './get-admin-collection';

type EyeHeatMapQuery = Pick<CollectionParams, 'timeRange' | 'search'>;

/** The Eye's Heatmap tab asks by the top bar's time range and search, with the server's default sort. */
export function getEyeHeatMap({ timeRange, search }: EyeHeatMapQuery, signal?: AbortSignal) {
  return apiRequest(endpointPath(adminHeatMapEndpoint), {
    query: { timeRange, search: search.trim() },
    schema: adminHeatMapEndpoint.response,
    fallbackError: 'Failed to fetch analytics',
    signal,
  });
}

export const eyeHeatMapKey = ({ timeRange, search }: EyeHeatMapQuery) =>
  [...ADMIN_QUERY_KEY, 'heatmap', timeRange, search] as const;

export const eyeHeatMapQueryOptions = (query: EyeHeatMapQuery) =>
  queryOptions({
    queryKey: eyeHeatMapKey(query),
    queryFn: ({ signal }) => getEyeHeatMap(query, signal),
  });

export function useEyeHeatMap(query: EyeHeatMapQuery) {
  return useQuery(eyeHeatMapQueryOptions(query));
}
