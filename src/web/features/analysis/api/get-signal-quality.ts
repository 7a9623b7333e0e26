import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../../contract/common';
import { signalQualityEndpoint, signalQualityResponseSchema } from '../../../../contract/signal-quality';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const SIGNAL_QUALITY_ERROR = 'Failed to load signal quality';

export function getSignalQuality(timeRange: TimeRange, signal?: AbortSignal) {
  return apiRequest(endpointPath(signalQualityEndpoint), {
    query: { timeRange },
    schema: signalQualityResponseSchema,
    fallbackError: SIGNAL_QUALITY_ERROR,
    signal,
  });
}

export const signalQualityQueryOptions = (timeRange: TimeRange) =>
  queryOptions({
    queryKey: ['signal-quality', timeRange] as const,
    queryFn: ({ signal }) => getSignalQuality(timeRange, signal),
    // Another range keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export function useSignalQuality(timeRange: TimeRange) {
  return useQuery(signalQualityQueryOptions(timeRange));
}
