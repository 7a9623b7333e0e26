import { useQuery } from '@tanstack/react-query';
import { guardrailsEndpoint, guardrailsSchema } from '../../../../contract/trades';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys } from './query-keys';

export const GUARDRAILS_LOAD_ERROR = 'Failed to load trading limits';

/** The server-enforced limits on accepting offers, as the platform currently sets them. */
export function getGuardrails(signal?: AbortSignal) {
  return apiRequest(endpointPath(guardrailsEndpoint), {
    schema: guardrailsSchema,
    fallbackError: GUARDRAILS_LOAD_ERROR,
    signal,
  });
}

export function useGuardrails() {
  return useQuery({ queryKey: settingsKeys.guardrails, queryFn: ({ signal }) => getGuardrails(signal) });
}
