import fp from 'fastify-plugin';
import { createQueue } from '../../jobs/create-queue';
import type { JobQueue } from '../../jobs/job-queue';
import { outageLogTo } from '../../shared/redis-connection';
import { createAnalysisRepo } from './analysis.repo';
import { createAnalysisService, type AnalysisJob, type AnalysisService } from './analysis.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starting analyses, and the latest completed ones. */
    analysis: AnalysisService;
    /** The queued runs (in process, or BullMQ on Redis shared by the workers). */
    analysisQueue: JobQueue<AnalysisJob>;
  }
}

/** Analyses asked for (by the schedule, triggers, admins); the pipeline plugin runs them. */
export const analysisPlugin = fp(
  async (app) => {
    const queue = createQueue<AnalysisJob>('analysis', {
      redisUrl: app.config.redisUrl,
      log: (error) => app.log.error({ err: error }, 'analysis job failed'),
      outageLog: outageLogTo(app.log),
    });
    app.decorate('analysisQueue', queue);
    app.decorate(
      'analysis',
      createAnalysisService({ repo: createAnalysisRepo(app.db), pairs: app.market, queue, logs: app.logs }),
    );
    app.addHook('onClose', async () => queue.close());
  },
  { name: 'analysis', dependencies: ['core', 'market', 'logs'] },
);
