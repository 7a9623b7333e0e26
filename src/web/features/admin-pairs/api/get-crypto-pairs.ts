import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCryptoPairsEndpoint } from '../../../../contract/admin-collections';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import type { PairSort } from '../lib/pair-sort';

export const PAIRS_FETCH_ERROR = 'Failed to fetch crypto pairs';

export interface CryptoPairsQuery {
  search: string;
  page: number;
  pageSize: number;
  sort: PairSort;
}

/**
 * One page of every pair, however old (the screen has no time range, so it asks for 'all'),
 * searched by symbol or Kraken symbol and sorted as `key_direction`.
 */
export function getCryptoPairs(query: CryptoPairsQuery, signal?: AbortSignal) {
  return apiRequest(endpointPath(adminCryptoPairsEndpoint), {
    query: {
      timeRange: 'all',
      search: query.search.trim(),
      page: query.page,
      pageSize: query.pageSize,
      sort: `${query.sort.key}_${query.sort.direction}`,
    },
    schema: adminCryptoPairsEndpoint.response,
    fallbackError: PAIRS_FETCH_ERROR,
    signal,
  });
}

/** Under the admin key, so every admin mutation (and a live pair update) refetches it. */
export const cryptoPairsQueryOptions = (query: CryptoPairsQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'manage-pairs', query],
    queryFn: ({ signal }) => getCryptoPairs(query, signal),
    // The previous page stays on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });

export function useCryptoPairs(query: CryptoPairsQuery) {
  return useQuery(cryptoPairsQueryOptions(query));
}
