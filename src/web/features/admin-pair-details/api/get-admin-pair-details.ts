import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPairDetailsEndpoint, type AdminPairDetails } from '../../../../contract/admin-pair-details';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { endpointPath } from '../../../lib/endpoint-path';

/** The reason after 'Failed to load pair details: ' when the server gives none (trader spec 2.7). */
export const PAIR_DETAILS_UNKNOWN_ERROR = 'Unknown error';

export async function getAdminPairDetails(pair: string, signal?: AbortSignal): Promise<AdminPairDetails> {
  return apiRequest(endpointPath(adminPairDetailsEndpoint, { pair }), {
    schema: adminPairDetailsEndpoint.response,
    fallbackError: PAIR_DETAILS_UNKNOWN_ERROR,
    signal,
  });
}

export const adminPairDetailsQueryOptions = (pair: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'pair-details', pair],
    queryFn: ({ signal }) => getAdminPairDetails(pair, signal),
  });

export function useAdminPairDetails(pair: string) {
  return useQuery(adminPairDetailsQueryOptions(pair));
}
