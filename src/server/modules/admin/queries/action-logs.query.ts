/** The admin list of action logs (GET /api/admin/action-logs). */
import { and, count } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminListResponse, adminActionLogsEndpoint } from '../../../../contract/admin-collections';
import type { ActionLogRecord } from '../../../../contract/admin-records';
import { orderFor, pagedRows, pageSlice, searchAny, withinRange } from '../../../db/list-query';
import { actionLogs } from '../../../db/schema';
import type { ReadDb } from '../../../db/read-db';

type ActionLogsQuery = z.output<(typeof adminActionLogsEndpoint)['query']>;

/** Newest first by default (action_logs_timestamp_idx). Search: pair, action, status. */
export async function listActionLogs(
  db: ReadDb,
  query: ActionLogsQuery,
): Promise<AdminListResponse<ActionLogRecord>> {
  const { rows, total } = await pagedRows(
    db.select().from(actionLogs).$dynamic(),
    db.select({ n: count() }).from(actionLogs).$dynamic(),
    {
      where: and(
        withinRange(actionLogs.timestamp, query.timeRange),
        searchAny(query.search, [actionLogs.pair, actionLogs.action, actionLogs.status]),
      ),
      orderBy: orderFor(
        query.sort,
        {
          pair: actionLogs.pair,
          action: actionLogs.action,
          status: actionLogs.status,
          timestamp: actionLogs.timestamp,
        },
        { key: 'timestamp', direction: 'desc' },
        actionLogs.id,
      ),
      slice: pageSlice(query),
    },
  );
  return {
    total,
    records: rows.map((row) => ({
      id: String(row.id),
      pair: row.pair,
      action: row.action,
      status: row.status,
      timestamp: row.timestamp.toISOString(),
    })),
  };
}
