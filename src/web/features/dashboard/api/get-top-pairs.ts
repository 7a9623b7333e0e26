import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PositionType } from '../../../../contract/enums';
import { heatMapEndpoint, heatMapSchema, type HeatMap } from '../../../../contract/heatmap';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { topPairsQuery } from '../lib/top-pairs';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './query-keys';

export const TOP_PAIRS_LOAD_ERROR = 'Failed to load top pairs';

/**
 * The hottest pairs of the last 7 days among the trader's preferred position types. The table
 * draws no chart, so it asks without the histories (`histories=none`).
 */
export function getTopPairs(positionTypes: readonly PositionType[], signal?: AbortSignal): Promise<HeatMap> {
  return apiRequest(endpointPath(heatMapEndpoint), {
    query: { ...topPairsQuery(positionTypes), histories: 'none' },
    schema: heatMapSchema,
    fallbackError: TOP_PAIRS_LOAD_ERROR,
    signal,
  });
}

export const topPairsQueryOptions = (positionTypes: readonly PositionType[]) =>
  queryOptions({
    queryKey: dashboardKeys.topPairs(positionTypes),
    queryFn: ({ signal }) => getTopPairs(positionTypes, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: 1,
  });

/** Waits for the preferences (`positionTypes` undefined) so the first call already filters. */
export function useTopPairs(positionTypes: readonly PositionType[] | undefined) {
  return useQuery({ ...topPairsQueryOptions(positionTypes ?? []), enabled: positionTypes !== undefined });
}
