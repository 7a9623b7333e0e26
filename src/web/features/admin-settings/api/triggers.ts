import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminTriggersEndpoint } from '../../../../contract/admin-collections';
import {
  manageTriggersEndpoint,
  type ManageTriggerFormInput,
  type ManageTriggerInput,
} from '../../../../contract/admin-triggers';
import { adminPost, useAdminMutation } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys, type TriggersPage } from './query-keys';

export const TRIGGERS_LOAD_ERROR = 'Failed to load triggers';
export const MANAGE_TRIGGER_FAILED = 'Failed to manage trigger';

/** Every trigger, whenever it was made ('all'), newest first as the server orders them. */
export function getTriggers({ page, pageSize }: TriggersPage, signal?: AbortSignal) {
  return apiRequest(endpointPath(adminTriggersEndpoint), {
    query: { timeRange: 'all', page, pageSize },
    schema: adminTriggersEndpoint.response,
    fallbackError: TRIGGERS_LOAD_ERROR,
    signal,
  });
}

export const triggersQueryOptions = (query: TriggersPage) =>
  queryOptions({
    queryKey: settingsKeys.triggers(query),
    queryFn: ({ signal }) => getTriggers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTriggers(query: TriggersPage) {
  return useQuery(triggersQueryOptions(query));
}

export function postManageTrigger(input: ManageTriggerInput) {
  return apiRequest(endpointPath(manageTriggersEndpoint), {
    method: 'POST',
    body: input,
    schema: manageTriggersEndpoint.response,
    fallbackError: MANAGE_TRIGGER_FAILED,
  });
}

export function useManageTrigger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postManageTrigger,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.admin }),
  });
}

/**
 * A trigger change from the back-office console (Add Trigger, a row's Delete, Trigger Analysis):
 * toasts 'Trigger action successful' or the server's error, and refetches every admin list. The
 * console reads no answer, so it is not parsed.
 */
export function useTriggerChange() {
  return useAdminMutation({
    run: (body: ManageTriggerFormInput) => adminPost(manageTriggersEndpoint, body, MANAGE_TRIGGER_FAILED),
    success: () => 'Trigger action successful',
    failure: () => MANAGE_TRIGGER_FAILED,
  });
}
