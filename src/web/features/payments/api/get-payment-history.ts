import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentHistoryEndpoint, paymentHistoryResponseSchema } from '../../../../contract/payments';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { pageOffset } from '../../../components/ui/paging';
import { PAYMENTS_PAGE_SIZE, paymentsKeys } from './query-keys';

export const PAYMENT_HISTORY_ERROR = 'Failed to load payment history';

/** Newest first, one page of 10. */
export function getPaymentHistory(page: number, signal?: AbortSignal) {
  return apiRequest(endpointPath(paymentHistoryEndpoint), {
    query: { offset: pageOffset(page, PAYMENTS_PAGE_SIZE), limit: PAYMENTS_PAGE_SIZE },
    schema: paymentHistoryResponseSchema,
    fallbackError: PAYMENT_HISTORY_ERROR,
    signal,
  });
}

export const paymentHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: paymentsKeys.history(page),
    queryFn: ({ signal }) => getPaymentHistory(page, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function usePaymentHistory(page: number) {
  return useQuery(paymentHistoryQueryOptions(page));
}
