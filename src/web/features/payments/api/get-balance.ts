import { queryOptions, useQuery } from '@tanstack/react-query';
import { balanceEndpoint, balanceResponseSchema } from '../../../../contract/payments';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { paymentsKeys } from './query-keys';

export const BALANCE_FETCH_ERROR = 'Failed to fetch balance';

/** Available and held (by pending withdrawals), in dollars. */
export function getBalance(signal?: AbortSignal) {
  return apiRequest(endpointPath(balanceEndpoint), {
    schema: balanceResponseSchema,
    fallbackError: BALANCE_FETCH_ERROR,
    signal,
  });
}

export const balanceQueryOptions = () =>
  queryOptions({ queryKey: paymentsKeys.balance, queryFn: ({ signal }) => getBalance(signal) });

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
