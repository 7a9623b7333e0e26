import type { JobQueue } from '../../jobs/job-queue';
import type { AnalysisRepo } from './analysis.repo';
import type { RunAnalysis } from './analysis.pipeline';

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

/**
 * Starting analyses: a request becomes a queued run (visible at once as an analysis row and an
 * `analysis_status`) and a job. Scheduler requests for a pair that already has a queued run are
 * collapsed into it; trigger and user requests always get their own run.
 */
/** The pairs, as the market module keeps them. */
export interface PairDirectory {
  pairBySymbol(symbol: string): Promise<{ id: number; symbol: string } | undefined>;
  activePairs(): Promise<{ symbol: string }[]>;
}

export function createAnalysisService(deps: {
  repo: AnalysisRepo;
  pairs: PairDirectory;
  queue: JobQueue<AnalysisJob>;
  runAnalysis: RunAnalysis;
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
      await queue.add(
        { analysisId, bypassThresholds: request.bypassThresholds, triggerReason: request.reason },
        { jobId: analysisId },
      );
      await repo.logAction(pair.symbol, 'analysis.queued', 'ok', {
        analysisId,
        triggerId: request.triggerId ?? null,
        reason: request.reason ?? 'schedule',
        timeframe: request.timeframe ?? '1h',
      });
      return { analysisId };
    },

    /** Queues a scheduled analysis of every active pair. */
    async analyzeActivePairs(): Promise<number> {
      const pairs = await deps.pairs.activePairs();
      for (const pair of pairs) await this.requestAnalysis({ pair: pair.symbol });
      return pairs.length;
    },

    /** Worker side: consume the queue. */
    startWorker(concurrency: number): void {
      queue.process((job) => deps.runAnalysis(job.analysisId, job), concurrency);
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
