import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { actionLogs, analyses, analysisSnapshots, cryptoPairs } from '../../db/schema';
import type { StoredAnalysisFigures } from './analysis-record';

export type AnalysisStage = 'fetch' | 'indicators' | 'backtest' | 'scoring' | 'offer';

/** Reads and writes of analysis runs: the row, its stage snapshots and the pair's action log. */
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
          symbol: cryptoPairs.symbol,
        })
        .from(analyses)
        .innerJoin(cryptoPairs, eq(cryptoPairs.id, analyses.pairId))
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

    async logAction(
      pair: string,
      action: string,
      status: 'ok' | 'error',
      details: Record<string, unknown>,
    ): Promise<void> {
      await db.insert(actionLogs).values({ pair, action, status, details });
    },
  };
}

export type AnalysisRepo = ReturnType<typeof createAnalysisRepo>;
