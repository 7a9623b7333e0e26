/**
 * The owner of action_logs and audit_logs. Every module writes its log lines through here, so the
 * heat map's recent errors and the retention of logs are decided in one place.
 */
import type { Database, Queryable } from '../../db/client';
import type { AdminListQuery, AdminListResponse } from '../../../contract/admin-collections';
import type { AuditLogRecord } from '../../../contract/admin-records';
import {
  appendAudit,
  auditChainHead,
  verifyAuditChain,
  type AuditAppend,
  type AuditChainStatus,
} from './audit-chain.repo';
import { listAudit } from './audit-list.repo';
import { createLogsRepo, type ActionEntry } from './logs.repo';

/** Who did what; `details` holds `before` and `after` of what changed. */
export type AuditEntry = AuditAppend;
export type { ActionEntry, AuditChainStatus };

export interface PairError {
  pair: string;
  error: string;
  at: Date;
}

export function createLogsService(db: Database) {
  const repo = createLogsRepo(db);

  return {
    action: (entry: ActionEntry): Promise<void> => repo.insertAction(entry),

    /**
     * Appends to the hash chain inside the caller's transaction when `tx` is given, so the audit
     * line commits with the change (and the chain's lock is held only until that commit).
     */
    audit: (entry: AuditEntry, tx?: Queryable): Promise<void> => appendAudit(tx ?? db, entry),

    /** Whether every audit row still matches its hash and links to the one before. */
    verifyAuditChain: (): Promise<AuditChainStatus> => verifyAuditChain(db),

    /**
     * The chain's newest row (id and hash); with `queryable`, as that transaction sees it. Removing
     * the newest rows leaves the chain intact, so a copy is checked against the head it was taken with.
     */
    auditChainHead: (queryable?: Queryable) => auditChainHead(queryable ?? db),

    /** GET /api/admin/all-audit-logs. */
    async listAudit(query: AdminListQuery, now = Date.now()): Promise<AdminListResponse<AuditLogRecord>> {
      const { rows, total } = await listAudit(db, query, now);
      return {
        records: rows.map((row) => ({
          id: String(row.id),
          userId: row.userId,
          action: row.action,
          details: row.details ?? {},
          timestamp: row.timestamp.toISOString(),
        })),
        total,
      };
    },

    /** Each pair's newest `perPair` errors since `since`, as plain text (the logged error or the action). */
    async recentErrors(symbols: string[], since: Date, perPair: number): Promise<PairError[]> {
      const rows = await repo.recentErrors(symbols, since, perPair);
      return rows.flatMap((row) =>
        row.pair ? [{ pair: row.pair, error: errorText(row.details, row.action), at: row.at }] : [],
      );
    },

    /** Deletes action log lines older than `cutoff` (audit lines are kept); returns how many. */
    pruneActions: (cutoff: Date): Promise<number> => repo.deleteActionsBefore(cutoff),
  };
}

export type LogsService = ReturnType<typeof createLogsService>;

/** Workers log `{ error }` (or `{ message }`) in details; fall back to naming the failed action. */
function errorText(details: Record<string, unknown> | null, action: string): string {
  for (const key of ['error', 'message'] as const) {
    const value = details?.[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return `${action} failed`;
}
