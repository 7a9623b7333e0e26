import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailSettingsSchema,
  getEmailSettingsEndpoint,
  updateEmailSettingsEndpoint,
  type EmailSettings,
} from '../../../../contract/notifications';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const EMAIL_SETTINGS_LOAD_ERROR = 'Failed to load email notifications';
export const EMAIL_SETTINGS_SAVE_ERROR = 'Failed to save email notifications';

const emailSettingsKey = ['settings', 'email-notifications'] as const;

export function getEmailSettings(signal?: AbortSignal) {
  return apiRequest(endpointPath(getEmailSettingsEndpoint), {
    schema: emailSettingsSchema,
    fallbackError: EMAIL_SETTINGS_LOAD_ERROR,
    signal,
  });
}

export function useEmailSettings() {
  return useQuery({ queryKey: emailSettingsKey, queryFn: ({ signal }) => getEmailSettings(signal) });
}

export function putEmailSettings(settings: EmailSettings) {
  return apiRequest(endpointPath(updateEmailSettingsEndpoint), {
    method: 'PUT',
    body: settings,
    schema: emailSettingsSchema,
    fallbackError: EMAIL_SETTINGS_SAVE_ERROR,
  });
}

/** What the server stored becomes the cached choices; a refusal reads them again. */
export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putEmailSettings,
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsKey, saved),
    onError: () => queryClient.invalidateQueries({ queryKey: emailSettingsKey }),
  });
}
