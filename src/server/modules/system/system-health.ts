import type { PublicationGate } from '../../../contract/signal-quality';
import type { Redis } from 'ioredis';
import type { AuditChainStatus, MailStatus, SystemHealth } from '../../../contract/admin-system-health';
import type { TelegramBotStatus } from '../../../contract/telegram';
import type { JobQueue } from '../../jobs/job-queue';
import {
  closeRedisClient,
  createOutageLog,
  createRedisClient,
  isRedisUnavailable,
  RedisUnavailableError,
  whenReady,
  type RedisOutageLog,
} from '../../shared/redis-connection';
import type { LogsService } from '../logs/logs.service';
import type { MarketService } from '../market/market.service';
import type { ScheduleLeases } from './schedule-leases.repo';

/**
 * Verifying the chain reads every audit row (about 0.65 s per 100 000 on PGlite), so one check
 * serves every admin's System Health for this long (the screen refetches every 60 s).
 */
export const AUDIT_CHAIN_CHECK_TTL_MS = 60_000;

export interface SystemHealthDeps {
  /** A trivial query: does the database answer? */
  pingDatabase: () => Promise<unknown>;
  market: Pick<MarketService, 'activePairCount'>;
  logs: Pick<LogsService, 'verifyAuditChain'>;
  queues: JobQueue<unknown>[];
  schedules: Pick<ScheduleLeases, 'list'>;
  /** The publication gate of the latest backtest (signal-quality module). */
  publicationGate: () => Promise<PublicationGate | null>;
  /** This process's mail sending (providers/mail). */
  mail: () => MailStatus;
  /** This process's Telegram bot (providers/telegram); absent or null: not configured. */
  telegram?: () => TelegramBotStatus | null;
  redisUrl?: string;
  /** Where the probe's Redis connection reports an outage. */
  outageLog?: RedisOutageLog;
  now?: () => number;
}

const TELEGRAM_OFF: TelegramBotStatus = {
  configured: false,
  botUsername: null,
  lastOkAt: null,
  lastFailure: null,
};

/** A readiness probe waits this long for each dependency, so a load balancer's check stays quick. */
export const READINESS_TIMEOUT_MS = 1_000;

export interface Readiness {
  database: 'ok' | 'unreachable';
  redis: 'ok' | 'unreachable' | 'not configured';
}

/** True when `probe` resolves within READINESS_TIMEOUT_MS. */
async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Active pairs, Redis keys (null when running embedded), every queue's job counts and whether the
 * audit log's hash chain is intact.
 */
export function createSystemHealth(deps: SystemHealthDeps) {
  // Fail-fast: while Redis is down a probe or System Health answers at once instead of queueing.
  const redis = deps.redisUrl
    ? createRedisClient(deps.redisUrl, 'request', createOutageLog('system health', deps.outageLog))
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
    /** Whether this process can serve: the database and, when configured, Redis answer in time. */
    async readiness(): Promise<Readiness> {
      const [database, redisUp] = await Promise.all([
        answers(deps.pingDatabase),
        redis
          ? answers(() => whenReady(redis, READINESS_TIMEOUT_MS).then(() => redis.ping()))
          : Promise.resolve(null),
      ]);
      return {
        database: database ? 'ok' : 'unreachable',
        redis: redisUp === null ? 'not configured' : redisUp ? 'ok' : 'unreachable',
      };
    },
    async read(): Promise<SystemHealth> {
      const activePairs = await deps.market.activePairCount();
      const queue: Record<string, number> = {};
      for (const q of deps.queues) {
        for (const [state, n] of Object.entries(await q.counts())) queue[`${q.name}:${state}`] = n;
      }
      return {
        activePairs,
        redisKeys: redis ? await keyCount(redis) : null,
        queue,
        auditChain: await auditChain(),
        schedules: await deps.schedules.list(),
        publicationGate: await deps.publicationGate(),
        mail: deps.mail(),
        telegram: deps.telegram?.() ?? TELEGRAM_OFF,
      };
    },
    async close(): Promise<void> {
      if (redis) await closeRedisClient(redis);
    },
  };
}

async function keyCount(redis: Redis): Promise<number> {
  try {
    await whenReady(redis, READINESS_TIMEOUT_MS);
    return await redis.dbsize();
  } catch (error) {
    throw isRedisUnavailable(error) ? new RedisUnavailableError(undefined, { cause: error }) : error;
  }
}

export type SystemHealthService = ReturnType<typeof createSystemHealth>;
