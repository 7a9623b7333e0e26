import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket, useSocketEvent } from '../../../lib/use-socket';
import { notificationsKeys, type NotificationPages } from '../api/get-notifications';
import { prependNotification } from '../lib/notification-pages';

/**
 * The bell's live part, on its own socket (the bell is on every signed-in screen): `notification`
 * from the user's room goes on top, unread; after a dropped connection the list is read again, so
 * what came while it was down is not missed.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const socket = useSocket();

  useSocketEvent(socket, 'notification', (notification) => {
    const cached = queryClient.getQueryData<NotificationPages>(notificationsKeys.list);
    if (!cached) {
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.list });
      return;
    }
    queryClient.setQueryData<NotificationPages>(
      notificationsKeys.list,
      prependNotification(cached, notification),
    );
  });

  useEffect(() => {
    let connectedBefore = false;
    const onConnect = () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: notificationsKeys.list });
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);
}
