import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOffersEndpoint, listOffersResponseSchema } from '../../../../contract/offers';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { RECENT_OFFERS_LIMIT } from '../lib/recent-offers';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './query-keys';

export const RECENT_OFFERS_LOAD_ERROR = 'Failed to load offers';

/** The newest offers the trader can still act on (the server's default order and statuses). */
export function getRecentOffers(signal?: AbortSignal) {
  return apiRequest(endpointPath(listOffersEndpoint), {
    query: { limit: RECENT_OFFERS_LIMIT },
    schema: listOffersResponseSchema,
    fallbackError: RECENT_OFFERS_LOAD_ERROR,
    signal,
  });
}

export const recentOffersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.recentOffers,
    queryFn: ({ signal }) => getRecentOffers(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: 1,
  });

export function useRecentOffers() {
  return useQuery(recentOffersQueryOptions());
}
