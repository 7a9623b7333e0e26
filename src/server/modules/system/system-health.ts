import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import {
  systemHealthEndpoint,
  type AuditChainStatus,
  type SystemHealth,
} from '../../../contract/admin-system-health';
import type { JobQueue } from '../../jobs/job-queue';
import type { LogsService } from '../logs/logs.service';
import type { MarketService } from '../market/market.service';

/**
 * Verifying the chain reads every audit row (about 0.65 s per 100 000 on PGlite), so one check
 * serves every admin's System Health for this long (the screen refetches every 60 s).
 */
export const AUDIT_CHAIN_CHECK_TTL_MS = 60_000;

export interface SystemHealthDeps {
  market: Pick<MarketService, 'activePairCount'>;
  logs: Pick<LogsService, 'verifyAuditChain'>;
  queues: JobQueue<unknown>[];
  redisUrl?: string;
  now?: () => number;
}

/**
 * Active pairs, Redis keys (null when running embedded), every queue's job counts and whether the
 * audit log's hash chain is intact.
 */
export function createSystemHealth(deps: SystemHealthDeps) {
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
    : null;

  const now = deps.now ?? Date.now;
  let chainCheck: { at: number; status: Promise<AuditChainStatus> } | undefined;
  const auditChain = (): Promise<AuditChainStatus> => {
    if (!chainCheck || now() - chainCheck.at >= AUDIT_CHAIN_CHECK_TTL_MS) {
      const status = deps.logs
        .verifyAuditChain()
        .then((chain) => (chain.intact ? chain : { ...chain, firstBrokenId: String(chain.firstBrokenId) }));
      // A failed check is not remembered: the next read tries again.
      status.catch(() => {
        if (chainCheck?.status === status) chainCheck = undefined;
      });
      chainCheck = { at: now(), status };
    }
    return chainCheck.status;
  };

  return {
    async read(): Promise<SystemHealth> {
      const activePairs = await deps.market.activePairCount();
      const queue: Record<string, number> = {};
      for (const q of deps.queues) {
        for (const [state, n] of Object.entries(await q.counts())) queue[`${q.name}:${state}`] = n;
      }
      return {
        activePairs,
        redisKeys: redis ? await redis.dbsize() : null,
        queue,
        auditChain: await auditChain(),
      };
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
