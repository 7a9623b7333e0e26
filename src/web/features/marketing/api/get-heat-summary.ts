import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HeatMap } from '../../../../contract/heatmap';
import { apiRequest } from '../../../lib/api-client';

/**
 * Public heat summary for the landing page: the 7-day heat map keyed by pair, fetched without a
 * token. The contract's schema (and zod with it) loads while the request is in flight: the
 * landing's first load stays within its budget (bench/web-landing.ts).
 */
export async function getHeatSummary(signal?: AbortSignal): Promise<HeatMap> {
  const [data, { heatMapSchema }] = await Promise.all([
    apiRequest('/offers/heat-map', { auth: false, query: { timeRange: '7d' }, signal }),
    import('../../../../contract/heatmap'),
  ]);
  return heatMapSchema.parse(data);
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
