import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getGlobalSettingsEndpoint,
  globalSettingsSchema,
  updateGlobalSettingsEndpoint,
  type GlobalSettingsPatch,
} from '../../../../contract/admin-settings';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys } from './query-keys';

export const SETTINGS_LOAD_ERROR = 'Failed to load global settings';
export const SETTINGS_UPDATE_FAILED = 'Failed to update global settings';

export function getGlobalSettings(signal?: AbortSignal) {
  return apiRequest(endpointPath(getGlobalSettingsEndpoint), {
    schema: globalSettingsSchema,
    fallbackError: SETTINGS_LOAD_ERROR,
    signal,
  });
}

export const globalSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.globalSettings, queryFn: ({ signal }) => getGlobalSettings(signal) });

export function useGlobalSettings() {
  return useQuery(globalSettingsQueryOptions());
}

/** Invalid values or JSON are refused by the server with 400 and nothing is saved. */
export function patchGlobalSettings(patch: GlobalSettingsPatch) {
  return apiRequest(endpointPath(updateGlobalSettingsEndpoint), {
    method: 'PATCH',
    body: patch,
    schema: globalSettingsSchema,
    fallbackError: SETTINGS_UPDATE_FAILED,
  });
}

export function useUpdateGlobalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchGlobalSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.admin }),
  });
}
