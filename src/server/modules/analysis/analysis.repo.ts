import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyses, analysisSnapshots } from '../../db/schema';
import type { StoredAnalysisFigures } from './analysis-figures';

export type AnalysisStage = 'fetch' | 'indicators' | 'backtest' | 'scoring' | 'offer';

/** Reads and writes of analysis runs: the row and its stage snapshots. */
export function createAnalysisRepo(db: Database) {
  return {
    /** A queued run of the pair that nobody asked for specifically, to collapse scheduler requests. */
    async queuedRun(pairId: number): Promise<string | null> {
      const [row] = await db
        .select({ id: analyses.id })
        .from(analyses)
        .where(and(eq(analyses.pairId, pairId), inArray(analyses.status, ['queued'])))
        .orderBy(desc(analyses.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    async createRun(input: { pairId: number; userId?: string; triggerId?: string }): Promise<string> {
      const [row] = await db
        .insert(analyses)
        .values({
          pairId: input.pairId,
          userId: input.userId ?? null,
          triggerId: input.triggerId ?? null,
          status: 'queued',
        })
        .returning({ id: analyses.id });
      if (!row) throw new Error('analysis row not created');
      await db.insert(analysisSnapshots).values({ analysisId: row.id, status: 'queued', progress: 0 });
      return row.id;
    },

    async run(analysisId: string) {
      const [row] = await db
        .select({
          id: analyses.id,
          pairId: analyses.pairId,
          triggerId: analyses.triggerId,
          status: analyses.status,
        })
        .from(analyses)
        .where(eq(analyses.id, analysisId));
      return row ?? null;
    },

    async markStage(analysisId: string, stage: AnalysisStage, progress: number): Promise<void> {
      await db
        .update(analyses)
        .set({ status: 'running', stage, progress, ...(stage === 'fetch' && { startedAt: new Date() }) })
        .where(eq(analyses.id, analysisId));
      await db.insert(analysisSnapshots).values({ analysisId, status: 'running', stage, progress });
    },

    async complete(analysisId: string, figures: StoredAnalysisFigures): Promise<void> {
      const { analysis } = figures;
      await db
        .update(analyses)
        .set({
          status: 'completed',
          stage: 'offer',
          progress: 100,
          heatScore: analysis.heatScore,
          successRate: analysis.successRate,
          progrevScore: analysis.progrevScore,
          density: analysis.density,
          figures: figures as unknown as Record<string, unknown>,
          dataCutoff: new Date(analysis.dataCutoff),
          engineVersion: analysis.engineVersion,
          completedAt: new Date(),
        })
        .where(eq(analyses.id, analysisId));
      await db
        .insert(analysisSnapshots)
        .values({ analysisId, status: 'completed', stage: 'offer', progress: 100 });
    },

    async fail(analysisId: string, stage: AnalysisStage | null, error: string): Promise<void> {
      await db
        .update(analyses)
        .set({ status: 'failed', error, completedAt: new Date() })
        .where(eq(analyses.id, analysisId));
      await db.insert(analysisSnapshots).values({ analysisId, status: 'failed', stage, progress: 0 });
    },

    /** The latest completed run of each of these pairs. */
    async latestCompleted(pairIds: number[]) {
      if (pairIds.length === 0) return [];
      return db
        .selectDistinctOn([analyses.pairId], {
          pairId: analyses.pairId,
          id: analyses.id,
          completedAt: analyses.completedAt,
          density: analyses.density,
          figures: analyses.figures,
        })
        .from(analyses)
        .where(and(eq(analyses.status, 'completed'), inArray(analyses.pairId, pairIds)))
        .orderBy(analyses.pairId, desc(analyses.completedAt));
    },

    /**
     * Deletes runs and snapshots older than `cutoff`, except each pair's latest completed run (the
     * heat map's source). Returns how many of each went.
     */
    async pruneBefore(cutoff: Date): Promise<{ analyses: number; analysisSnapshots: number }> {
      const kept = db
        .selectDistinctOn([analyses.pairId], { id: analyses.id })
        .from(analyses)
        .where(eq(analyses.status, 'completed'))
        .orderBy(analyses.pairId, sql`${analyses.completedAt} desc nulls last`, desc(analyses.createdAt));
      const snapshots = await db
        .delete(analysisSnapshots)
        .where(
          and(
            lt(analysisSnapshots.snapshotTimestamp, cutoff),
            notInArray(analysisSnapshots.analysisId, kept),
          ),
        )
        .returning({ id: analysisSnapshots.id });
      const runs = await db
        .delete(analyses)
        .where(and(lt(analyses.createdAt, cutoff), notInArray(analyses.id, kept)))
        .returning({ id: analyses.id });
      return { analyses: runs.length, analysisSnapshots: snapshots.length };
    },
  };
}

export type AnalysisRepo = ReturnType<typeof createAnalysisRepo>;
