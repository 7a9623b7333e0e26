import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhookEndpointEndpoint,
  deleteWebhookEndpointEndpoint,
  listWebhookEndpointsEndpoint,
  rotateWebhookSecretEndpoint,
  sendWebhookTestEndpoint,
  updateWebhookEndpointEndpoint,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
} from '../../../../contract/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const WEBHOOKS_LOAD_ERROR = 'Could not load your webhooks';

export const webhookKeys = {
  all: ['settings', 'webhooks'] as const,
  deliveries: (id: string) => ['settings', 'webhooks', id, 'deliveries'] as const,
};

/** The trader's webhook endpoints (never their secrets). */
export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(listWebhookEndpointsEndpoint), {
        schema: listWebhookEndpointsEndpoint.response,
        fallbackError: WEBHOOKS_LOAD_ERROR,
        signal,
      }),
  });
}

/** Every change to an endpoint reads the list (and its log) again. */
function useWebhookMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** Makes an endpoint: the answer holds its signing secret, the only time it is sent. */
export const useCreateWebhook = () =>
  useWebhookMutation((input: CreateWebhookEndpointInput) =>
    apiRequest(endpointPath(createWebhookEndpointEndpoint), {
      method: 'POST',
      body: input,
      schema: createWebhookEndpointEndpoint.response,
      fallbackError: 'Could not create the webhook',
    }),
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...input }: UpdateWebhookEndpointInput & { id: string }) =>
    apiRequest(endpointPath(updateWebhookEndpointEndpoint, { id }), {
      method: 'PATCH',
      body: input,
      schema: updateWebhookEndpointEndpoint.response,
      fallbackError: 'Could not change the webhook',
    }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) =>
    apiRequest(endpointPath(deleteWebhookEndpointEndpoint, { id }), {
      method: 'DELETE',
      schema: deleteWebhookEndpointEndpoint.response,
      fallbackError: 'Could not delete the webhook',
    }),
  );

/** A new signing secret, answered once; the old one stops at once. */
export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) =>
    apiRequest(endpointPath(rotateWebhookSecretEndpoint, { id }), {
      method: 'POST',
      schema: rotateWebhookSecretEndpoint.response,
      fallbackError: 'Could not rotate the signing secret',
    }),
  );

export const useSendWebhookTest = () =>
  useWebhookMutation((id: string) =>
    apiRequest(endpointPath(sendWebhookTestEndpoint, { id }), {
      method: 'POST',
      schema: sendWebhookTestEndpoint.response,
      fallbackError: 'Could not send a test event',
    }),
  );
