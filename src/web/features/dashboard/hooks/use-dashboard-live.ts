import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { mergeHeatMapUpdate } from '../../../../contract/heatmap-merge';
import type { HeatMap } from '../../../../contract/heatmap';
import type { ListOffersResponse } from '../../../../contract/offers';
import { useSocket, useSocketEvent } from '../../../lib/use-socket';
import { dashboardKeys } from '../api/query-keys';
import {
  analysisNoticeId,
  analysisNoticeText,
  applyAnalysisStatus,
  toProgressRow,
  type AnalysisProgress,
} from '../lib/analysis-progress';
import { replaceRecentOffer } from '../lib/recent-offers';

/**
 * The dashboard's socket (trader spec 7): heatmap_update merges into the top pairs, offer_update
 * replaces the matching recent offer, analysis_status feeds 'Analysis Progress' and toasts each
 * distinct notice once. Returns the analysis rows (empty until the first notice).
 */
export function useDashboardLive(): AnalysisProgress {
  const queryClient = useQueryClient();
  const socket = useSocket();
  const [analysis, setAnalysis] = useState<AnalysisProgress>([]);
  // Ids already toasted on this screen; toastId alone would let a repeat through once the first closed.
  const noticed = useRef(new Set<string>());

  useSocketEvent(socket, 'heatmap_update', (update) => {
    queryClient.setQueriesData<HeatMap>({ queryKey: dashboardKeys.topPairsAll }, (map) =>
      map ? mergeHeatMapUpdate(map, update) : map,
    );
  });

  useSocketEvent(socket, 'offer_update', (offer) => {
    queryClient.setQueryData<ListOffersResponse>(dashboardKeys.recentOffers, (list) =>
      list ? replaceRecentOffer(list, offer) : list,
    );
  });

  useSocketEvent(socket, 'analysis_status', (event) => {
    const row = toProgressRow(event);
    setAnalysis((rows) => applyAnalysisStatus(rows, row));
    const id = analysisNoticeId(row);
    if (noticed.current.has(id)) return;
    noticed.current.add(id);
    toast.info(analysisNoticeText(row), { toastId: id });
  });

  return analysis;
}
