import { and, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { actionLogs, type LogDetails } from '../../db/schema';

export interface ActionEntry {
  pair: string | null;
  action: string;
  status: 'ok' | 'error';
  details?: LogDetails;
  /** Epoch ms; default now. */
  at?: number;
}

/** action_logs (what the workers did); audit_logs are written by audit-chain.repo.ts, read by audit-list.repo.ts. */
export function createLogsRepo(db: Queryable) {
  return {
    async insertAction(entry: ActionEntry): Promise<void> {
      await db.insert(actionLogs).values({
        pair: entry.pair,
        action: entry.action,
        status: entry.status,
        details: entry.details,
        ...(entry.at !== undefined && { timestamp: new Date(entry.at) }),
      });
    },

    /** The newest `perPair` error entries of each pair since `since`, newest first. */
    async recentErrors(symbols: string[], since: Date, perPair: number) {
      if (symbols.length === 0) return [];
      const ranked = db
        .select({
          pair: actionLogs.pair,
          action: actionLogs.action,
          details: actionLogs.details,
          at: actionLogs.timestamp,
          rank: sql<number>`row_number() over (partition by ${actionLogs.pair} order by ${actionLogs.timestamp} desc)`.as(
            'rank',
          ),
        })
        .from(actionLogs)
        .where(
          and(
            eq(actionLogs.status, 'error'),
            inArray(actionLogs.pair, symbols),
            gt(actionLogs.timestamp, since),
          ),
        )
        .as('ranked');
      return db
        .select({ pair: ranked.pair, action: ranked.action, details: ranked.details, at: ranked.at })
        .from(ranked)
        .where(lte(ranked.rank, perPair))
        .orderBy(desc(ranked.at));
    },

    async deleteActionsBefore(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(actionLogs)
        .where(lt(actionLogs.timestamp, cutoff))
        .returning({ id: actionLogs.id });
      return removed.length;
    },
  };
}
