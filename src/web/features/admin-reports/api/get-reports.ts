import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  reportsEndpoint,
  reportsResponseSchema,
  type ReportsQuery,
} from '../../../../contract/admin-reports';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { sortParam } from '../lib/report-sort';

export const REPORTS_LOAD_ERROR = 'Error loading reports';

export function getReports(query: ReportsQuery, signal?: AbortSignal) {
  return apiRequest(endpointPath(reportsEndpoint), {
    query: { ...query, sort: sortParam(query.sort) },
    schema: reportsResponseSchema,
    fallbackError: REPORTS_LOAD_ERROR,
    signal,
  });
}

/* Under 'admin', so the refetch after any admin mutation (admin spec 4) reaches the reports too. */
export const reportsQueryOptions = (query: ReportsQuery) =>
  queryOptions({
    queryKey: ['admin', 'reports', query],
    queryFn: ({ signal }) => getReports(query, signal),
    // Admin spec 7: retried once, and the previous page stays on screen while the next one loads.
    retry: 1,
    placeholderData: keepPreviousData,
  });

export function useReports(query: ReportsQuery) {
  return useQuery(reportsQueryOptions(query));
}
