import type { Notification } from '../../../../contract/notifications';
import type { NotificationPages } from '../api/get-notifications';

/*
 * The bell's cached pages, changed in place as the server would answer after the change: a
 * notification pushed over the socket, some or all marked read.
 */

/** A new notification at the top, counted unread (once: a repeat of one shown changes nothing). */
export function prependNotification(pages: NotificationPages, notification: Notification): NotificationPages {
  const [first, ...rest] = pages.pages;
  if (!first || pages.pages.some((page) => page.data.some((n) => n.id === notification.id))) return pages;
  const unread = first.unread + (notification.readAt ? 0 : 1);
  return { ...pages, pages: [{ data: [notification, ...first.data], unread }, ...rest] };
}

/** Marks `ids` (or all) read at `at`; the count drops by the unread ones among them. */
export function markPagesRead(
  pages: NotificationPages,
  ids: readonly string[] | 'all',
  at: string,
): NotificationPages {
  const [first, ...rest] = pages.pages;
  if (!first) return pages;
  let marked = 0;
  const mark = (n: Notification): Notification => {
    if (n.readAt || (ids !== 'all' && !ids.includes(n.id))) return n;
    marked += 1;
    return { ...n, readAt: at };
  };
  const changed = [first, ...rest].map((page) => ({ ...page, data: page.data.map(mark) }));
  const unread = ids === 'all' ? 0 : Math.max(0, first.unread - marked);
  return { ...pages, pages: changed.map((page, i) => (i === 0 ? { ...page, unread } : page)) };
}
