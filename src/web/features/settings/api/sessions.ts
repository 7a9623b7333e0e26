import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSessionsEndpoint,
  revokeOtherSessionsEndpoint,
  revokeSessionEndpoint,
} from '../../../../contract/sessions';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys } from './query-keys';

export const SESSIONS_LOAD_ERROR = 'Could not load your sessions';

/** The account's signed-in devices, this one marked `current`. */
export function useSessions() {
  return useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(accountSessionsEndpoint), {
        schema: accountSessionsEndpoint.response,
        fallbackError: SESSIONS_LOAD_ERROR,
        signal,
      }),
  });
}

/** Ends one session (`id`), or every other one (`others`); the list is read again either way. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { id: string } | 'others') =>
      target === 'others'
        ? apiRequest(endpointPath(revokeOtherSessionsEndpoint), {
            method: 'POST',
            schema: revokeOtherSessionsEndpoint.response,
            fallbackError: 'Could not sign out the other sessions',
          })
        : apiRequest(endpointPath(revokeSessionEndpoint, { id: target.id }), {
            method: 'DELETE',
            schema: revokeSessionEndpoint.response,
            fallbackError: 'Could not sign out that session',
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}
