import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { listOffersEndpoint, listOffersResponseSchema, type Offer } from '../../../../contract/offers';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
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

/**
 * The offers the caller has not acted on, newest first (the server's default order), with volume
 * and leverage. Filters and sorting join this query when the filters panel arrives.
 */
export async function getOffersPage(offset: number, signal?: AbortSignal): Promise<OffersPage> {
  const page = await apiRequest(endpointPath(listOffersEndpoint), {
    query: { offset, limit: OFFERS_PAGE_SIZE, include: ['volume', 'leverage'] },
    schema: listOffersResponseSchema,
    fallbackError: OFFERS_FETCH_ERROR,
    signal,
  });
  return { ...page, received: page.data.length };
}

export function useOffers() {
  return useInfiniteQuery({
    queryKey: offersKeys.list,
    queryFn: ({ pageParam, signal }) => getOffersPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastOffset) =>
      last.received === OFFERS_PAGE_SIZE ? lastOffset + OFFERS_PAGE_SIZE : undefined,
  });
}
