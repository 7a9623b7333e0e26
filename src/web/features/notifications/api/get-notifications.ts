import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import {
  listNotificationsEndpoint,
  listNotificationsResponseSchema,
  type ListNotificationsResponse,
} from '../../../../contract/notifications';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const NOTIFICATIONS_LOAD_ERROR = 'Failed to load notifications';
/** How many the bell shows at first and adds with each 'Load more'. */
export const NOTIFICATIONS_PAGE = 10;

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};

/** The bell's pages, newest first; the first page's `unread` is the badge's count. */
export type NotificationPages = InfiniteData<ListNotificationsResponse, string | undefined>;

export function getNotifications(before: string | undefined, signal?: AbortSignal) {
  return apiRequest(endpointPath(listNotificationsEndpoint), {
    query: { limit: NOTIFICATIONS_PAGE, before },
    schema: listNotificationsResponseSchema,
    fallbackError: NOTIFICATIONS_LOAD_ERROR,
    signal,
  });
}

/** The caller's notifications, a page at a time (cursor: the last one shown). */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationsKeys.list,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.data.length < NOTIFICATIONS_PAGE ? undefined : last.data.at(-1)?.id),
  });
}
