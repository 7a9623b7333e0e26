import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { AdminHeatMapQuery } from '../../../../contract/admin-heatmap';
import type { AdminHeatMap, HeatMapUpdate } from '../../../../contract/heatmap';
import { mergeHeatMapEntry } from '../../../../contract/heatmap-merge';
import { mergeAdminLiveMessage, refetchesHeatMap } from '../../../lib/admin-live-merge';
import { useAdminLiveStream } from '../../../lib/use-admin-live-stream';
import { useSocket, useSocketEvent } from '../../../lib/use-socket';
import { adminHeatMapKey } from '../api/get-admin-heat-map';

/**
 * heatmap_update merged into the held map by the contract's rule; a pair keeps its recent errors
 * (the public event carries none), a new pair joins only when the change is a whole entry.
 */
export function mergeAdminUpdate(held: AdminHeatMap, update: HeatMapUpdate): AdminHeatMap {
  const next: AdminHeatMap = { ...held };
  for (const [pair, change] of Object.entries(update)) {
    const merged = mergeHeatMapEntry(held[pair], change);
    if (merged) next[pair] = { ...merged, recentErrors: held[pair]?.recentErrors ?? [] };
  }
  return next;
}

/**
 * The screen's live data, from both feeds into the one held map: the socket's heatmap_update
 * (admin spec 4: each change merged into that pair's entry with 'Heatmap updated for {pair}') and
 * the admin stream (pairs that leave, worker errors; a pair added or an analysis finished reads
 * the map again). The stream's own toasts come from useAdminLiveStream.
 */
export function useLiveAnalytics(query: AdminHeatMapQuery): void {
  const queryClient = useQueryClient();
  const socket = useSocket();
  const apply = (change: (held: AdminHeatMap) => AdminHeatMap) =>
    queryClient.setQueryData<AdminHeatMap>(adminHeatMapKey(query), (held) => (held ? change(held) : held));
  useAdminLiveStream((message) => {
    apply((held) => mergeAdminLiveMessage(held, message));
    if (refetchesHeatMap(message)) void queryClient.invalidateQueries({ queryKey: adminHeatMapKey(query) });
  });
  useSocketEvent(socket, 'heatmap_update', (update) => {
    apply((held) => mergeAdminUpdate(held, update));
    for (const pair of Object.keys(update))
      toast.info(`Heatmap updated for ${pair}`, { toastId: `heatmap-${pair}` });
  });
}
