import { queryOptions, useQuery } from '@tanstack/react-query';
import { pairTickerEndpoint, pairTickerResponseSchema, type PairTicker } from '../../../../contract/pairs';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

/** Trader spec 8: the reason after 'Failed to load pair details: ' when the server gives none. */
export const PAIR_DETAILS_UNKNOWN_ERROR = 'Unknown error';

export const pairDetailsKeys = {
  ticker: (pair: string) => ['pair-details', 'ticker', pair] as const,
};

/** The pair's ticker with its 24 h range, order book and sentiment, and its signal fields. */
export async function getPairTicker(pair: string, signal?: AbortSignal): Promise<PairTicker> {
  const { tickers } = await apiRequest(endpointPath(pairTickerEndpoint, { pair }), {
    query: { include: ['historical', 'orderBook', 'sentiment'] },
    schema: pairTickerResponseSchema,
    fallbackError: PAIR_DETAILS_UNKNOWN_ERROR,
    signal,
  });
  const ticker = tickers[0];
  if (!ticker) throw new Error(PAIR_DETAILS_UNKNOWN_ERROR);
  return ticker;
}

export const pairTickerQueryOptions = (pair: string) =>
  queryOptions({
    queryKey: pairDetailsKeys.ticker(pair),
    queryFn: ({ signal }) => getPairTicker(pair, signal),
  });

export function usePairTicker(pair: string) {
  return useQuery(pairTickerQueryOptions(pair));
}
