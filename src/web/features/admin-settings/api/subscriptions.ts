import { useQuery } from '@tanstack/react-query';
import { adminSubscriptionsEndpoint } from '../../../../contract/billing';
import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const SUBSCRIPTIONS_LOAD_ERROR = 'Failed to load subscriptions';

/** Every trader's subscription, newest change first. */
export function useSubscriptions() {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'subscriptions'],
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(adminSubscriptionsEndpoint), {
        schema: adminSubscriptionsEndpoint.response,
        fallbackError: SUBSCRIPTIONS_LOAD_ERROR,
        signal,
      }),
  });
}
