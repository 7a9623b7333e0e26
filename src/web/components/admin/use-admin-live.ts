import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { workerErrorToastId } from '../../lib/use-admin-live-stream';
import { useSocket, useSocketEvent } from '../../lib/use-socket';
import { ADMIN_QUERY_KEY } from './admin-queries';

/** One toast for pair changes: a sync or bulk action announces many pairs at once. */
const PAIR_UPDATES_TOAST = 'pair-updates';

/** 'Pair {pair} updated': shown in the one pair-updates toast, which a later pair re-words. */
function toastPairUpdated(pair: string): void {
  const text = `Pair ${pair} updated`;
  if (toast.isActive(PAIR_UPDATES_TOAST)) toast.update(PAIR_UPDATES_TOAST, { render: text });
  else toast.info(text, { toastId: PAIR_UPDATES_TOAST });
}

/**
 * The admin's socket (admin spec 4): a pair change reloads the lists with an info toast, a worker
 * failure is toasted; connection trouble is toasted by useSocket.
 */
export function useAdminLive(): void {
  const client = useQueryClient();
  const socket = useSocket();
  useSocketEvent(socket, 'pair_updates', ({ pair }) => {
    toastPairUpdated(pair);
    void client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  });
  // The Heatmap tab's event stream reports the same failure: one toast id shows it once.
  useSocketEvent(socket, 'worker_log', ({ pair, error, at }) => {
    toast.error(`Worker error for ${pair}: ${error}`, { toastId: workerErrorToastId(pair, at) });
  });
}
