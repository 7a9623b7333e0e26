import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { trackRecordEndpoint, trackRecordResponseSchema } from '../../../../contract/track-record';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import type { TrackRecordFilters } from '../lib/track-record-filters';

export const TRACK_RECORD_ERROR = 'Failed to load the track record';

/** Offers per request; 'Load More' asks for the next this many. */
export const TRACK_RECORD_PAGE_SIZE = 25;

/** One answer of the public record for the filters: its figures, and its offers from `offset`. */
export function getTrackRecord(filters: TrackRecordFilters, offset: number, signal?: AbortSignal) {
  return apiRequest(endpointPath(trackRecordEndpoint), {
    auth: false,
    query: { ...filters, offset, limit: TRACK_RECORD_PAGE_SIZE },
    schema: trackRecordResponseSchema,
    fallbackError: TRACK_RECORD_ERROR,
    signal,
  });
}

export const trackRecordQueryOptions = (filters: TrackRecordFilters) =>
  infiniteQueryOptions({
    queryKey: ['track-record', filters] as const,
    queryFn: ({ pageParam, signal }) => getTrackRecord(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages, lastOffset) => {
      const loaded = pages.reduce((sum, page) => sum + page.offers.data.length, 0);
      return last.offers.data.length > 0 && loaded < last.offers.total
        ? lastOffset + TRACK_RECORD_PAGE_SIZE
        : undefined;
    },
    // Other filters keep the last record on screen until their own arrive.
    placeholderData: keepPreviousData,
  });

/** The record for the filters, its offers a page at a time ('Load More'). */
export function useTrackRecord(filters: TrackRecordFilters) {
  return useInfiniteQuery(trackRecordQueryOptions(filters));
}
