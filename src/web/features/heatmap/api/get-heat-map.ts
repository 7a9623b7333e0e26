import { queryOptions, useQuery } from '@tanstack/react-query';
import { heatMapEndpoint, heatMapSchema, type HeatMap } from '../../../../contract/heatmap';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { buildHeatMapQuery, type HeatmapFilters, type HeatmapRequestQuery } from '../lib/heatmap-filters';
import { createLiveJournal } from '../lib/live-journal';
import { selectEntries } from '../lib/select-entries';

export const HEATMAP_FETCH_ERROR = 'Failed to fetch heatmap';

export const heatMapKeys = {
  all: ['heatmap'] as const,
  list: (query: HeatmapRequestQuery) => ['heatmap', query] as const,
};

/** The screen draws no price or volume chart, so it asks without the histories (`histories=none`). */
export async function getHeatMap(query: HeatmapRequestQuery, signal?: AbortSignal): Promise<HeatMap> {
  return apiRequest(endpointPath(heatMapEndpoint), {
    query: { ...query, histories: 'none' },
    schema: heatMapSchema,
    fallbackError: HEATMAP_FETCH_ERROR,
    signal,
  });
}

/** The screen's live changes, replayed on answers that were on their way when they came. */
export const liveHeatMapChanges = createLiveJournal();

/**
 * The heat map for the screen's filters. Until the server answers a changed filter, the pairs
 * already held that pass it are shown (the server's rules, select-entries.ts), so narrowing a
 * filter takes effect at once; across a time-range change the held list stays as it was.
 */
export function heatMapQueryOptions(filters: HeatmapFilters) {
  const query = buildHeatMapQuery(filters);
  return queryOptions({
    queryKey: heatMapKeys.list(query),
    queryFn: ({ signal }) => liveHeatMapChanges.during(() => getHeatMap(query, signal), filters),
    placeholderData: (held, heldQuery) => {
      if (!held || !heldQuery) return undefined;
      const heldRange = heldQuery.queryKey[1].timeRange;
      return heldRange === query.timeRange ? selectEntries(held, filters) : held;
    },
  });
}

export function useHeatMap(filters: HeatmapFilters) {
  return useQuery(heatMapQueryOptions(filters));
}
