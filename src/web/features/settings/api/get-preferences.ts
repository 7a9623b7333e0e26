import { useQuery } from '@tanstack/react-query';
import { getPreferencesEndpoint, preferencesSchema } from '../../../../contract/preferences';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys } from './query-keys';

export const PREFERENCES_LOAD_ERROR = 'Failed to load preferences';

/** The saved preferences, or the spec's defaults for a user who never saved. */
export function getPreferences(signal?: AbortSignal) {
  return apiRequest(endpointPath(getPreferencesEndpoint), {
    schema: preferencesSchema,
    fallbackError: PREFERENCES_LOAD_ERROR,
    signal,
  });
}

export function usePreferences() {
  return useQuery({ queryKey: settingsKeys.preferences, queryFn: ({ signal }) => getPreferences(signal) });
}
