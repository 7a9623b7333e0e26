import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { heatMapUpdateSchema, type HeatMap, type HeatMapUpdate } from '../../../../contract/heatmap';
import { mergeHeatMapUpdate } from '../../../../contract/heatmap-merge';
import { createSocket } from '../../../lib/socket';
import { heatSummaryQueryOptions } from './get-heat-summary';

/*
 * The landing's live heat summary (trader spec 4 and 7): heatmap_update, a partial map of the
 * pairs that changed, merged over the loaded summary, then the info toast. Loaded on demand by
 * use-live-heat-summary.ts, so socket.io and the schemas are not part of the landing's first load.
 */

export const LIVE_UPDATE_TOAST = { text: 'Market opportunities updated', id: 'heatmap-update' } as const;

/** Merges a validated update into the cached summary; nothing (and no toast) before it has loaded. */
export function applyHeatSummaryUpdate(queryClient: QueryClient, update: HeatMapUpdate): void {
  const { queryKey } = heatSummaryQueryOptions();
  const current = queryClient.getQueryData<HeatMap>(queryKey);
  if (!current) return;
  queryClient.setQueryData<HeatMap>(queryKey, mergeHeatMapUpdate(current, update));
  toast.info(LIVE_UPDATE_TOAST.text, { toastId: LIVE_UPDATE_TOAST.id });
}

/**
 * Opens the anonymous public socket (the landing needs public events only) and returns the
 * function that closes it. Reconnection is socket.io's, as the spec sets it (lib/socket.ts); each
 * step is logged, the spec's "log line at each step".
 */
export function subscribeHeatSummaryUpdates(queryClient: QueryClient, userId: string | null): () => void {
  const socket = createSocket({ token: null, userId });
  const log = (step: string) => console.info(`[landing live updates] ${step}`);
  socket.on('connect', () => log('connected'));
  socket.on('disconnect', (reason) => log(`disconnected (${reason})`));
  socket.on('connect_error', (error) => log(`connection failed: ${error.message}`));
  socket.io.on('reconnect_attempt', (attempt) => log(`reconnecting (attempt ${attempt})`));
  socket.io.on('reconnect', (attempt) => log(`reconnected after ${attempt} attempt(s)`));
  socket.on('heatmap_update', (payload: unknown) => {
    const update = heatMapUpdateSchema.safeParse(payload);
    if (update.success) applyHeatSummaryUpdate(queryClient, update.data);
  });
  socket.connect();
  return () => {
    socket.disconnect();
  };
}
