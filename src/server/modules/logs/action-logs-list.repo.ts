/** The admin list of action logs (GET /api/admin/action-logs). */
import { and, count } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderFor, pagedRows, searchAny, withinRange, type ListWindow } from '../../db/list-query';
import { actionLogs } from '../../db/schema';

export type ActionLogSortKey = 'pair' | 'action' | 'status' | 'timestamp';

/** Newest first by default (action_logs_timestamp_idx). Search: pair, action, status. */
export function createActionLogsList(db: Executor) {
  return (window: ListWindow<ActionLogSortKey>) =>
    pagedRows(
      db.select().from(actionLogs).$dynamic(),
      db.select({ n: count() }).from(actionLogs).$dynamic(),
      {
        where: and(
          withinRange(actionLogs.timestamp, window.timeRange),
          searchAny(window.search, [actionLogs.pair, actionLogs.action, actionLogs.status]),
        ),
        orderBy: orderFor(
          window.sort,
          {
            pair: actionLogs.pair,
            action: actionLogs.action,
            status: actionLogs.status,
            timestamp: actionLogs.timestamp,
          },
          { key: 'timestamp', direction: 'desc' },
          actionLogs.id,
        ),
        window,
      },
    );
}
