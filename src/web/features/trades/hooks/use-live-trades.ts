import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { ListTradesResponse } from '../../../../contract/trades';
import { useSocket, useSocketEvent } from '../../../lib/use-socket';
import { tradesKeys } from '../api/get-trades';
import { mergeTradeUpdate } from '../lib/merge-trade-update';

/**
 * `trade_update` from the user's room: merged into the row wherever it is listed, with the toast
 * 'Trade {id} updated: {status}' (trader spec 4). A trade on no loaded page (one just opened)
 * refetches the lists so it appears.
 */
export function useLiveTrades(): void {
  const queryClient = useQueryClient();
  const socket = useSocket();

  useSocketEvent(socket, 'trade_update', (update) => {
    let found = false;
    queryClient.setQueriesData<ListTradesResponse>({ queryKey: tradesKeys.lists }, (list) => {
      if (!list) return list;
      const merged = mergeTradeUpdate(list, update);
      found ||= merged.found;
      return merged.list;
    });
    if (!found) void queryClient.invalidateQueries({ queryKey: tradesKeys.lists });
    toast.info(`Trade ${update.id} updated: ${update.status}`);
  });
}
