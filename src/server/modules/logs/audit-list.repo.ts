/** The admin list of audit rows: newest first by default, time range, search and paging. */
import { and, asc, count, desc, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { AdminListQuery } from '../../../contract/admin-collections';
import { searchAny, withinRange } from '../../db/list-query';

export type AuditRow = typeof auditLogs.$inferSelect;

export async function listAudit(
  db: Queryable,
  query: Pick<AdminListQuery, 'timeRange' | 'search' | 'page' | 'pageSize' | 'sort'>,
  now: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = and(
    withinRange(auditLogs.timestamp, query.timeRange, new Date(now)),
    searchAny(query.search, [auditLogs.action, auditLogs.userId, sql`${auditLogs.details}::text`]),
  );
  const direction = query.sort?.direction === 'asc' ? asc : desc;
  const order =
    query.sort?.key === 'action'
      ? [direction(auditLogs.action), desc(auditLogs.id)]
      : [direction(auditLogs.timestamp), direction(auditLogs.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
