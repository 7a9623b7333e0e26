/** The admin pair details' read of a pair's action logs. */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { actionLogs } from '../../db/schema';

export function createActionLogPairDetailsRepo(db: Executor) {
  return {
    /** The pair's newest action logs (the symbol as logged). */
    recentOfPair: (symbol: string, limit: number) =>
      db
        .select({
          id: actionLogs.id,
          pair: actionLogs.pair,
          action: actionLogs.action,
          status: actionLogs.status,
          timestamp: actionLogs.timestamp,
        })
        .from(actionLogs)
        .where(eq(actionLogs.pair, symbol))
        .orderBy(desc(actionLogs.timestamp), desc(actionLogs.id))
        .limit(limit),
  };
}
