import type { JobQueue } from '../../jobs/job-queue';
import type { LogsService } from '../logs/logs.service';
import { parseStoredFigures, type ReadFigures } from './analysis-figures';
import type { AnalysisRepo } from './analysis.repo';

export type { DetailFigures, ReadFigures } from './analysis-figures';
/** Stored figures as the admin read side shows them (pair details). */
export { readDetailFigures } from './analysis-figures';

/** A pair's latest completed analysis, its figures already checked (null when unreadable). */
export interface CompletedAnalysis {
  pairId: number;
  id: string;
  completedAt: Date;
  density: number | null;
  figures: ReadFigures | null;
}

export interface AnalysisJob {
  analysisId: string;
  bypassThresholds?: boolean;
  triggerReason?: string;
}

export interface AnalysisRequest {
  pair: string;
  triggerId?: string;
  reason?: string;
  /** advisor_request's timeframe; the engine always reads hourly history, this is recorded with the run. */
  timeframe?: string;
  bypassThresholds?: boolean;
  userId?: string;
}

/** The pairs, as the market module keeps them. */
export interface PairDirectory {
  pairBySymbol(symbol: string): Promise<{ id: number; symbol: string } | undefined>;
  activePairs(): Promise<{ symbol: string }[]>;
}

/**
 * Starting analyses: a request becomes a queued run (visible at once as an analysis row and an
 * `analysis_status`) and a job. Scheduler requests for a pair that already has a queued run are
 * collapsed into it; trigger and user requests always get their own run. Also the read side other
 * modules use (latest completed analyses) and the upkeep of old runs. The runs themselves are the
 * pipeline's (analysis-pipeline.plugin.ts), which consumes the queue.
 */
export function createAnalysisService(deps: {
  repo: AnalysisRepo;
  pairs: PairDirectory;
  queue: JobQueue<AnalysisJob>;
  logs: Pick<LogsService, 'action'>;
}) {
  const { repo, queue } = deps;

  return {
    async requestAnalysis(request: AnalysisRequest): Promise<{ analysisId: string }> {
      const pair = await deps.pairs.pairBySymbol(request.pair);
      if (!pair) throw new Error(`unknown pair ${request.pair}`);
      const scheduled = !request.triggerId && !request.userId && !request.bypassThresholds;
      if (scheduled) {
        const queued = await repo.queuedRun(pair.id);
        if (queued) return { analysisId: queued };
      }
      const analysisId = await repo.createRun({
        pairId: pair.id,
        userId: request.userId,
        triggerId: request.triggerId,
      });
      try {
        await queue.add(
          { analysisId, bypassThresholds: request.bypassThresholds, triggerReason: request.reason },
          { jobId: analysisId },
        );
      } catch (error) {
        // A run left 'queued' without a job would never run, and would stand in for every later
        // scheduled request of the pair (queuedRun above).
        await repo.fail(analysisId, null, `Could not be queued: ${errorText(error)}`).catch(() => undefined);
        throw error;
      }
      await deps.logs.action({
        pair: pair.symbol,
        action: 'analysis.queued',
        status: 'ok',
        details: {
          analysisId,
          triggerId: request.triggerId ?? null,
          reason: request.reason ?? 'schedule',
          timeframe: request.timeframe ?? '1h',
        },
      });
      return { analysisId };
    },

    /** Queues a scheduled analysis of every active pair. */
    async analyzeActivePairs(): Promise<number> {
      const pairs = await deps.pairs.activePairs();
      for (const pair of pairs) await this.requestAnalysis({ pair: pair.symbol });
      return pairs.length;
    },

    /** The latest completed analysis of each pair that has one. */
    async latestCompleted(pairIds: number[]): Promise<CompletedAnalysis[]> {
      const rows = await repo.latestCompleted(pairIds);
      return rows.flatMap((row) =>
        row.completedAt
          ? [{ ...row, completedAt: row.completedAt, figures: parseStoredFigures(row.figures) }]
          : [],
      );
    },

    /** Deletes runs older than `cutoff`, keeping each pair's latest completed one. */
    prune: (cutoff: Date) => repo.pruneBefore(cutoff),
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
