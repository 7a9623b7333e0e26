import { useQuery } from '@tanstack/react-query';
import { getPreferencesEndpoint, preferencesSchema } from '../../../../contract/preferences';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { offersKeys } from './query-keys';

export const PREFERENCES_LOAD_ERROR = 'Failed to load preferences';

/** The trader's preferences: the accept form's auto-close default (and later the 'Use Preferences' filter). */
export function getOfferPreferences(signal?: AbortSignal) {
  return apiRequest(endpointPath(getPreferencesEndpoint), {
    schema: preferencesSchema,
    fallbackError: PREFERENCES_LOAD_ERROR,
    signal,
  });
}

export function useOfferPreferences() {
  return useQuery({
    queryKey: offersKeys.preferences,
    queryFn: ({ signal }) => getOfferPreferences(signal),
  });
}
