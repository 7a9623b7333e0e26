import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { listOffersEndpoint, listOffersResponseSchema, type Offer } from '../../../../contract/offers';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import type { OffersListQuery } from '../lib/offers-query';
import { OFFERS_PAGE_SIZE, offersKeys } from './query-keys';

export const OFFERS_FETCH_ERROR = 'Failed to fetch offers';

/**
 * One page as the server sent it. `received` stays the server's row count when live events later
 * add or drop rows in `data`, so 'Load More' still follows the spec's "last page held exactly 20".
 */
export interface OffersPage {
  data: Offer[];
  total: number;
  received: number;
}

export type OffersPages = InfiniteData<OffersPage, number>;

/** One page of the offers the caller has not acted on, filtered and sorted, with volume and leverage. */
export async function getOffersPage(
  query: OffersListQuery,
  offset: number,
  signal?: AbortSignal,
): Promise<OffersPage> {
  const page = await apiRequest(endpointPath(listOffersEndpoint), {
    query: { offset, limit: OFFERS_PAGE_SIZE, ...query },
    schema: listOffersResponseSchema,
    fallbackError: OFFERS_FETCH_ERROR,
    signal,
  });
  return { ...page, received: page.data.length };
}

/**
 * The list for one set of filters. Trader spec 4: changing a filter starts again at page 1, so a
 * list the screen no longer shows is dropped at once (gcTime 0) rather than coming back later with
 * its extra pages. `enabled` is off while 'Use Preferences' waits for the preferences.
 */
export function useOffers(query: OffersListQuery, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: offersKeys.listFor(query),
    queryFn: ({ pageParam, signal }) => getOffersPage(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastOffset) =>
      last.received === OFFERS_PAGE_SIZE ? lastOffset + OFFERS_PAGE_SIZE : undefined,
    enabled,
    gcTime: 0,
  });
}
