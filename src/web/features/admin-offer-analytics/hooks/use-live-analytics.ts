import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { AdminHeatMapQuery } from '../../../../contract/admin-heatmap';
import type { AdminHeatMap, HeatMapUpdate } from '../../../../contract/heatmap';
import { mergeHeatMapEntry } from '../../../../contract/heatmap-merge';
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

/** Admin spec 4: each change is merged into that pair's entry with 'Heatmap updated for {pair}'. */
export function useLiveAnalytics(query: AdminHeatMapQuery): void {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useSocketEvent(socket, 'heatmap_update', (update) => {
    queryClient.setQueryData<AdminHeatMap>(adminHeatMapKey(query), (held) =>
      held ? mergeAdminUpdate(held, update) : held,
    );
    for (const pair of Object.keys(update))
      toast.info(`Heatmap updated for ${pair}`, { toastId: `heatmap-${pair}` });
  });
}
