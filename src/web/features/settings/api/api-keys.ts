import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeysEndpoint,
  createApiKeyEndpoint,
  revokeApiKeyEndpoint,
  type CreateApiKeyInput,
} from '../../../../contract/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys } from './query-keys';

export const API_KEYS_LOAD_ERROR = 'Could not load your API keys';

/** The trader's personal API keys, newest first (never their secrets). */
export function useApiKeys() {
  return useQuery({
    queryKey: settingsKeys.apiKeys,
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(apiKeysEndpoint), {
        schema: apiKeysEndpoint.response,
        fallbackError: API_KEYS_LOAD_ERROR,
        signal,
      }),
  });
}

/** Makes a key: the answer holds the key itself, the only time it is ever sent. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiRequest(endpointPath(createApiKeyEndpoint), {
        method: 'POST',
        body: input,
        schema: createApiKeyEndpoint.response,
        fallbackError: 'Could not create the API key',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys }),
  });
}

/** Revokes a key: every program using it is refused from the next request on. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(endpointPath(revokeApiKeyEndpoint, { id }), {
        method: 'DELETE',
        schema: revokeApiKeyEndpoint.response,
        fallbackError: 'Could not revoke the API key',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys }),
  });
}
