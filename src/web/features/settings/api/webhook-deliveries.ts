import { useQuery } from '@tanstack/react-query';
import { listWebhookDeliveriesEndpoint } from '../../../../contract/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { webhookKeys } from './webhooks';

export const DELIVERIES_LOAD_ERROR = 'Could not load the delivery log';
/** While the log is open it follows the deliveries being sent (the worker sends within seconds). */
const REFRESH_MS = 5_000;

/** An endpoint's newest deliveries. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(listWebhookDeliveriesEndpoint, { id }), {
        query: { limit: 20 },
        schema: listWebhookDeliveriesEndpoint.response,
        fallbackError: DELIVERIES_LOAD_ERROR,
        signal,
      }),
    refetchInterval: REFRESH_MS,
  });
}
