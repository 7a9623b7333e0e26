import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { workerErrorToastId } from './use-admin-live-stream';
import { useSocket, useSocketEvent } from './use-socket';
import { ADMIN_QUERY_KEY } from './admin-mutation';
import { toastPairUpdated } from './pair-update-toast';

/**
 * The admin's socket (admin spec 4): a pair change reloads the lists with an info toast, a worker
 * failure is toasted; connection trouble is toasted by useSocket.
 */
export function useAdminLive(): void {
  const client = useQueryClient();
  const socket = useSocket();
  useSocketEvent(socket, 'pair_updates', ({ pair }) => {
    toastPairUpdated(pair, 'info');
    void client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  });
  // The Heatmap tab's event stream reports the same failure: one toast id shows it once.
  useSocketEvent(socket, 'worker_log', ({ pair, error, at }) => {
    toast.error(`Worker error for ${pair}: ${error}`, { toastId: workerErrorToastId(pair, at) });
  });
}
