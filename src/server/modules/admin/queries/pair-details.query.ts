/**
 * The admin pair details' reads (GET /api/admin/pair-details/:pair): a pair's newest analysis
 * runs, the runs its triggers started, its offers, action logs and triggers.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { TriggerRecord } from '../../../../contract/admin-triggers';
import { actionLogs, analyses, offers, triggers } from '../../../db/schema';
import { toTriggerRecord } from '../../triggers/triggers.service';
import { adminOfferColumns } from './offers.query';
import type { ReadDb } from '../../../db/read-db';

const runColumns = {
  id: analyses.id,
  triggerId: analyses.triggerId,
  status: analyses.status,
  stage: analyses.stage,
  progress: analyses.progress,
  heatScore: analyses.heatScore,
  successRate: analyses.successRate,
  progrevScore: analyses.progrevScore,
  density: analyses.density,
  figures: analyses.figures,
  error: analyses.error,
  createdAt: analyses.createdAt,
  completedAt: analyses.completedAt,
};

/** The pair's newest runs (analyses_pair_id_created_at_idx). */
export const recentRunsOfPair = (db: ReadDb, pairId: number, limit: number) =>
  db
    .select(runColumns)
    .from(analyses)
    .where(eq(analyses.pairId, pairId))
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .limit(limit);

export type PairRunRow = Awaited<ReturnType<typeof recentRunsOfPair>>[number];

/** The newest runs these triggers started (analyses_trigger_id_idx). */
export const runsOfTriggers = async (
  db: ReadDb,
  triggerIds: string[],
  limit: number,
): Promise<PairRunRow[]> =>
  triggerIds.length === 0
    ? []
    : db
        .select(runColumns)
        .from(analyses)
        .where(inArray(analyses.triggerId, triggerIds))
        .orderBy(desc(analyses.createdAt), desc(analyses.id))
        .limit(limit);

/** The pair's most recently changed offers. */
export const recentOffersOfPair = (db: ReadDb, pairId: number, limit: number) =>
  db
    .select(adminOfferColumns)
    .from(offers)
    .where(eq(offers.pairId, pairId))
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(limit);

/** The pair's newest action logs (the symbol as logged). */
export const recentLogsOfPair = (db: ReadDb, symbol: string, limit: number) =>
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
    .limit(limit);

/** Every trigger of the pair, newest first, as the API shows them. */
export async function triggersOfPair(db: ReadDb, symbol: string): Promise<TriggerRecord[]> {
  const rows = await db
    .select()
    .from(triggers)
    .where(eq(triggers.symbol, symbol))
    .orderBy(desc(triggers.createdAt), desc(triggers.id));
  return rows.map(toTriggerRecord);
}
