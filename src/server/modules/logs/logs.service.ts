/**
 * The owner of action_logs and audit_logs. Every module writes its log lines through here, so the
 * heat map's recent errors and the retention of logs are decided in one place.
 */
import type { Database, Executor } from '../../db/client';
import { createLogsRepo, type ActionEntry, type AuditEntry } from './logs.repo';

export type { ActionEntry, AuditEntry };

export interface PairError {
  pair: string;
  error: string;
  at: Date;
}

export function createLogsService(db: Database) {
  const repo = createLogsRepo(db);

  return {
    action: (entry: ActionEntry): Promise<void> => repo.insertAction(entry),

    /** Inside the caller's transaction when `tx` is given, so the audit line commits with the change. */
    audit: (entry: AuditEntry, tx?: Executor): Promise<void> => repo.insertAudit(entry, tx),

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
