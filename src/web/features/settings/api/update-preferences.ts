import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  preferencesSchema,
  updatePreferencesEndpoint,
  type UpdatePreferencesInput,
} from '../../../../contract/preferences';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys } from './query-keys';

export const PREFERENCES_UPDATE_ERROR = 'Failed to update preferences';

export function updatePreferences(input: UpdatePreferencesInput) {
  return apiRequest(endpointPath(updatePreferencesEndpoint), {
    method: 'PUT',
    body: input,
    schema: preferencesSchema,
    fallbackError: PREFERENCES_UPDATE_ERROR,
  });
}

/** The server answers with what it stored, which becomes the cached preferences. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.preferences, saved),
  });
}
