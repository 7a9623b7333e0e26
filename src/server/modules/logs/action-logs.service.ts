/**
 * The read side of action_logs for admins, apart from logs.service.ts (which writes the lines and
 * owns the audit trail).
 */
import type { Database } from '../../db/client';
import { createActionLogsList } from './action-logs-list.repo';

export function createActionLogsService(db: Database) {
  return { list: createActionLogsList(db) };
}

export type ActionLogsService = ReturnType<typeof createActionLogsService>;
