import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../../contract/notifications';
import { Button } from '../../../components/ui/button';
import { serverErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { NOTIFICATIONS_LOAD_ERROR, type useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { formatRelativeTime } from '../lib/relative-time';

interface NotificationPanelProps {
  id: string;
  notifications: ReturnType<typeof useNotifications>;
  unread: number;
  /** `true`: focus goes back to the bell (Escape); following an item moves on instead. */
  onClose: (returnFocus: boolean) => void;
}

/** The bell's panel: newest first, each leading where it happened (and marked read on the way). */
export function NotificationPanel({ id, notifications, unread, onClose }: NotificationPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const markRead = useMarkNotificationsRead();
  const items = notifications.data?.pages.flatMap((page) => page.data) ?? [];

  // Opening moves focus into the panel, so a keyboard or screen reader user lands on its list.
  useEffect(() => headingRef.current?.focus(), []);

  /** Read it; one with a link is followed (the panel closes), one without stays in view. */
  const follow = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate({ ids: [notification.id] });
    if (notification.link) onClose(false);
  };

  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      className="absolute right-0 top-full z-30 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-slate-700 bg-slate-900 text-slate-100 shadow-2xl"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 px-4 py-3">
        <h2
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-semibold text-white outline-none"
        >
          Notifications{unread > 0 ? ` (${unread} unread)` : ''}
        </h2>
        <button
          type="button"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
          className="rounded px-2 py-1 text-xs font-medium text-orange-300 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Mark all as read
        </button>
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
        {notifications.isPending ? (
          <p className="px-4 py-6 text-center text-sm text-slate-400">Loading notifications...</p>
        ) : notifications.isError && items.length === 0 ? (
          <p role="alert" className="px-4 py-6 text-center text-sm text-red-300">
            {serverErrorMessage(notifications.error, NOTIFICATIONS_LOAD_ERROR)}
          </p>
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-400">
            Nothing yet. New offers, closed trades and withdrawal decisions show up here.
          </p>
        ) : (
          <ul className="divide-y divide-slate-800">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onFollow={() => follow(notification)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {notifications.hasNextPage ? (
        <div className="border-t border-slate-700 p-2">
          <Button
            variant="ghost"
            className="w-full"
            disabled={notifications.isFetchingNextPage}
            onClick={() => void notifications.fetchNextPage()}
          >
            {notifications.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function NotificationItem({ notification, onFollow }: { notification: Notification; onFollow: () => void }) {
  const unread = notification.readAt === null;
  const content = (
    <>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-orange-500' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${unread ? 'font-semibold text-white' : 'text-slate-200'}`}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {notification.title}
        </span>
        <span className="block text-xs text-slate-400">{notification.body}</span>
        <time
          dateTime={notification.createdAt}
          title={formatDateTime(notification.createdAt)}
          className="mt-1 block text-xs text-slate-400"
        >
          {formatRelativeTime(notification.createdAt)}
        </time>
      </span>
    </>
  );
  const classes =
    'flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-800 focus-visible:bg-slate-800 focus-visible:outline-none';
  return notification.link ? (
    <Link to={notification.link} onClick={onFollow} className={classes}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onFollow} className={classes}>
      {content}
    </button>
  );
}
