import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { HeatMap } from '../../../../contract/heatmap';
import { useSocket, useSocketEvent } from '../../../lib/use-socket';
import { heatMapKeys, liveHeatMapChanges } from '../api/get-heat-map';
import { buildHeatMapQuery, type HeatmapFilters } from '../lib/heatmap-filters';
import { applyLiveUpdate } from '../lib/live-entries';

/**
 * The screen's socket (trader spec 7: heatmap_update; connection errors are toasted by
 * `useSocket`). A change is merged into the shown map, which keeps to the filters and order, with
 * the toast 'Heatmap updated' (one at a time, however fast changes come); one that comes while a
 * changed filter's answer is on its way is replayed on that answer (live-journal.ts).
 */
export function useLiveHeatMap(filters: HeatmapFilters): void {
  const queryClient = useQueryClient();
  const socket = useSocket();

  useSocketEvent(socket, 'heatmap_update', (update) => {
    liveHeatMapChanges.record(update);
    queryClient.setQueryData<HeatMap>(heatMapKeys.list(buildHeatMapQuery(filters)), (held) =>
      held ? applyLiveUpdate(held, update, filters) : held,
    );
    toast.info('Heatmap updated', { toastId: 'heatmap-update' });
  });
}
