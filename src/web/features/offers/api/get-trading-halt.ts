import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradingHaltEndpoint, tradingHaltSchema } from '../../../../contract/trading-halt';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { offersKeys } from './query-keys';

export const TRADING_HALT_LOAD_ERROR = 'Failed to load the trading status';

/** Whether an admin has halted new accepts, why and since when (issue #20). */
export function getTradingHalt(signal?: AbortSignal) {
  return apiRequest(endpointPath(tradingHaltEndpoint), {
    schema: tradingHaltSchema,
    fallbackError: TRADING_HALT_LOAD_ERROR,
    signal,
  });
}

export const tradingHaltQueryOptions = () =>
  queryOptions({ queryKey: offersKeys.halt, queryFn: ({ signal }) => getTradingHalt(signal) });

/** Live through the screen's socket (use-live-trading-halt.ts); read again on focus, as any query. */
export function useTradingHalt() {
  return useQuery(tradingHaltQueryOptions());
}
