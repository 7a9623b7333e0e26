import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { systemHealthEndpoint, type SystemHealth } from '../../../contract/admin-system-health';
import type { JobQueue } from '../../jobs/job-queue';
import type { MarketService } from '../market/market.service';

export interface SystemHealthDeps {
  market: Pick<MarketService, 'activePairCount'>;
  queues: JobQueue<unknown>[];
  redisUrl?: string;
}

/** Active pairs, Redis keys (null when running embedded) and every queue's job counts. */
export function createSystemHealth(deps: SystemHealthDeps) {
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
    : null;

  return {
    async read(): Promise<SystemHealth> {
      const activePairs = await deps.market.activePairCount();
      const queue: Record<string, number> = {};
      for (const q of deps.queues) {
        for (const [state, n] of Object.entries(await q.counts())) queue[`${q.name}:${state}`] = n;
      }
      return { activePairs, redisKeys: redis ? await redis.dbsize() : null, queue };
    },
    registerRoutes(scope: FastifyInstance): void {
      scope
        .withTypeProvider<ZodTypeProvider>()
        .get(
          systemHealthEndpoint.path,
          { schema: { response: { 200: systemHealthEndpoint.response } } },
          () => this.read(),
        );
    },
    async close(): Promise<void> {
      redis?.disconnect();
    },
  };
}

export type SystemHealthService = ReturnType<typeof createSystemHealth>;
