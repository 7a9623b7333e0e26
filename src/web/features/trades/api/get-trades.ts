import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listTradesEndpoint, listTradesResponseSchema } from '../../../../contract/trades';
import { pageOffset } from '../../../components/ui/paging';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

/** Trader spec 9: trades page size. */
export const TRADES_PAGE_SIZE = 10;
export const TRADES_FETCH_ERROR = 'Failed to fetch trades';

export const tradesKeys = {
  lists: ['trades', 'list'] as const,
  list: (page: number) => ['trades', 'list', page] as const,
};

/** The caller's own trades, newest first. */
export function getTrades(page: number, signal?: AbortSignal) {
  return apiRequest(endpointPath(listTradesEndpoint), {
    query: { offset: pageOffset(page, TRADES_PAGE_SIZE), limit: TRADES_PAGE_SIZE },
    schema: listTradesResponseSchema,
    fallbackError: TRADES_FETCH_ERROR,
    signal,
  });
}

export const tradesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: tradesKeys.list(page),
    queryFn: ({ signal }) => getTrades(page, signal),
    placeholderData: keepPreviousData,
  });

export function useTrades(page: number) {
  return useQuery(tradesQueryOptions(page));
}
