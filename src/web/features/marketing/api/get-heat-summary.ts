import { queryOptions, useQuery } from '@tanstack/react-query';
import { heatMapSchema, type HeatMap } from '../../../../contract/heatmap';
import { apiRequest } from '../../../lib/api-client';

/** Public heat summary for the landing page: the 7-day heat map keyed by pair, fetched without a token. */
export function getHeatSummary(signal?: AbortSignal): Promise<HeatMap> {
  return apiRequest('/offers/heat-map', {
    auth: false,
    query: { timeRange: '7d' },
    schema: heatMapSchema,
    signal,
  });
}

export const heatSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['heatSummary'],
    queryFn: ({ signal }) => getHeatSummary(signal),
    // Loaded once; live updates are merged into this cache entry rather than refetched.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
  });

export function useHeatSummary() {
  return useQuery(heatSummaryQueryOptions());
}
