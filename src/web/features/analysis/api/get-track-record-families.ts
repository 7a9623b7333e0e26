import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackRecordEndpoint, trackRecordResponseSchema } from '../../../../contract/track-record';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const TRACK_RECORD_FAMILIES_ERROR = 'Failed to load the live record per family';

/**
 * Each family's live record beside its backtest, from the public track record over all time (no
 * filters): Signal Quality's time range does not apply, since the chain is the whole record.
 */
export async function getTrackRecordFamilies(signal?: AbortSignal) {
  const record = await apiRequest(endpointPath(trackRecordEndpoint), {
    auth: false,
    // Only the family rows are shown here: the smallest page of offers the contract allows.
    query: { limit: 1 },
    schema: trackRecordResponseSchema,
    fallbackError: TRACK_RECORD_FAMILIES_ERROR,
    signal,
  });
  return record.families;
}

export const trackRecordFamiliesQueryOptions = () =>
  queryOptions({
    queryKey: ['signal-quality', 'track-record-families'] as const,
    queryFn: ({ signal }) => getTrackRecordFamilies(signal),
  });

export function useTrackRecordFamilies() {
  return useQuery(trackRecordFamiliesQueryOptions());
}
