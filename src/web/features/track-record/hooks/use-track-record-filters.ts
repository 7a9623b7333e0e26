import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseTrackRecordFilters,
  serializeTrackRecordFilters,
  type TrackRecordFilters,
} from '../lib/track-record-filters';

/**
 * The filters as the address bar holds them. A change replaces the entry (Back leaves the page
 * rather than stepping through filter changes), as the offers screen does.
 */
export function useTrackRecordFilters() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => parseTrackRecordFilters(new URLSearchParams(query)), [query]);
  const setFilters = (next: TrackRecordFilters) => {
    const nextQuery = serializeTrackRecordFilters(next);
    if (nextQuery.toString() !== query) setParams(nextQuery, { replace: true });
  };
  return { filters, setFilters };
}
