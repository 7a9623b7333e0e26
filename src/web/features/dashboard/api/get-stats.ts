import { queryOptions, useQuery } from '@tanstack/react-query';
import { userStatsEndpoint, userStatsResponseSchema, type UserStats } from '../../../../contract/payments';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { dashboardKeys } from './query-keys';

export const STATS_LOAD_ERROR = 'Failed to load user stats';

/** The trader's figures from the ledger and their trades (trader spec 7 reads `data`). */
export async function getStats(signal?: AbortSignal): Promise<UserStats> {
  const { data } = await apiRequest(endpointPath(userStatsEndpoint), {
    schema: userStatsResponseSchema,
    fallbackError: STATS_LOAD_ERROR,
    signal,
  });
  return data;
}

export const statsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.stats, queryFn: ({ signal }) => getStats(signal), retry: 1 });

export function useStats() {
  return useQuery(statsQueryOptions());
}
