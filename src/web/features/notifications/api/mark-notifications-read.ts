import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  markNotificationsReadEndpoint,
  okResponseSchema,
  type MarkNotificationsReadInput,
} from '../../../../contract';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { markPagesRead } from '../lib/notification-pages';
import { notificationsKeys, type NotificationPages } from './get-notifications';

export const MARK_READ_ERROR = 'Failed to mark notifications as read';

export function postMarkRead(input: MarkNotificationsReadInput) {
  return apiRequest(endpointPath(markNotificationsReadEndpoint), {
    method: 'POST',
    body: input,
    schema: okResponseSchema,
    fallbackError: MARK_READ_ERROR,
  });
}

/**
 * Marks some (or all) of the caller's notifications read: shown read at once, and the list read
 * again if the server refused (the dot and the count come back as they are).
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMarkRead,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationsKeys.list });
      const ids = 'all' in input ? 'all' : input.ids;
      queryClient.setQueryData<NotificationPages>(notificationsKeys.list, (pages) =>
        pages ? markPagesRead(pages, ids, new Date().toISOString()) : pages,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.list }),
  });
}
