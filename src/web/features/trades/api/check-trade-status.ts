import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeStatusEndpoint, tradeStatusResponseSchema } from '../../../../contract/trades';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { mergeTradeUpdate } from '../lib/merge-trade-update';
import { tradesKeys } from './get-trades';
import type { ListTradesResponse } from '../../../../contract/trades';

export const TRADE_STATUS_ERROR = 'Failed to check trade status';

export function getTradeStatus(id: string) {
  return apiRequest(endpointPath(tradeStatusEndpoint, { id }), {
    schema: tradeStatusResponseSchema,
    fallbackError: TRADE_STATUS_ERROR,
  });
}

/** Asks the server for one trade's status now; the answer is merged into the listed row. */
export function useCheckTradeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getTradeStatus,
    onSuccess: (status) => {
      queryClient.setQueriesData<ListTradesResponse>({ queryKey: tradesKeys.lists }, (list) =>
        list ? mergeTradeUpdate(list, status).list : list,
      );
    },
  });
}
