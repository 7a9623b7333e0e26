import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminListResponse } from '../../../../contract/admin-collections';
import type { TimeRange } from '../../../../contract/common';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export interface CollectionParams {
  timeRange: TimeRange;
  search: string;
  page: number;
  pageSize: number;
}

export interface ListEndpoint<R> {
  path: string;
  response: z.ZodType<AdminListResponse<R>>;
}

/** One page of an admin list collection ({ records, total }). */
export function getAdminCollection<R>(
  endpoint: ListEndpoint<R>,
  params: CollectionParams,
  signal?: AbortSignal,
): Promise<AdminListResponse<R>> {
  return apiRequest(endpointPath(endpoint), {
    query: { ...params, search: params.search.trim() },
    schema: endpoint.response,
    signal,
  });
}

export const adminCollectionQueryOptions = <R>(
  name: string,
  endpoint: ListEndpoint<R>,
  params: CollectionParams,
) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, name, params],
    queryFn: ({ signal }) => getAdminCollection(endpoint, params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminCollection<R>(name: string, endpoint: ListEndpoint<R>, params: CollectionParams) {
  return useQuery(adminCollectionQueryOptions(name, endpoint, params));
}
