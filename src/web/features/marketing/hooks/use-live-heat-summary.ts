import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { heatMapUpdateSchema, type HeatMap } from '../../../../contract/heatmap';
import { mergeHeatMapUpdate } from '../../../../contract/heatmap-merge';
import { useAuth } from '../../../lib/auth/use-auth';
import { heatSummaryQueryOptions } from '../api/get-heat-summary';

/**
 * Landing-page live heat map (trader spec: websocket transport only, unlimited reconnection from
 * 1 s up to 5 s with jitter 0.5, 20 s connect timeout, `userId` in the query, no emits). The
 * socket carries no token: the landing page needs public events only. Each heatmap_update is a partial
 * map of the pairs that changed, with only new history points; it is merged into the loaded map.
 */
export function useLiveHeatSummary(): void {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? 'anonymous';
  useEffect(() => {
    const socket = io({
      path: '/socket.io',
      query: { userId },
      transports: ['websocket'],
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      timeout: 20_000,
    });
    socket.on('heatmap_update', (payload: unknown) => {
      const update = heatMapUpdateSchema.safeParse(payload);
      if (!update.success) return;
      queryClient.setQueryData<HeatMap>(heatSummaryQueryOptions().queryKey, (current) =>
        current ? mergeHeatMapUpdate(current, update.data) : current,
      );
    });
    return () => {
      socket.disconnect();
    };
  }, [queryClient, userId]);
}
