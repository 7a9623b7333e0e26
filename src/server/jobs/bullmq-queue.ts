import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  closeRedisClient,
  createOutageLog,
  createRedisClient,
  isRedisConnectionError,
  isRedisUnavailable,
  RedisUnavailableError,
  whenReady,
  type OutageLog,
  type RedisOutageLog,
} from '../shared/redis-connection';
import type { JobQueue } from './job-queue';

const JOB_LOCK_MS = 10_000;
const STALLED_CHECK_MS = 5_000;

/**
 * How long a closing worker waits for its job in progress. BullMQ's own close can also wait for
 * ever on its blocking connection while that one reconnects after an outage
 * (taskforcesh/bullmq#4656); past this, the worker's connections are dropped and a job still
 * running is handed out again by the stalled check, as after a crash.
 */
const WORKER_CLOSE_MS = 20_000;

/** How long an enqueue waits for the queue's first connection before giving up (start-up only). */
const FIRST_CONNECTION_WAIT_MS = 1_000;

/**
 * BullMQ-backed queue: jobs survive a restart and are shared by every worker process.
 *
 * The producer side (add, counts) runs on a fail-fast connection: while Redis is down `add`
 * rejects with RedisUnavailableError at once, so the request that enqueues answers 503 instead of
 * hanging. The worker keeps BullMQ's waiting connection and resumes when Redis is back. Both
 * BullMQ objects get an 'error' listener, logging once per outage.
 */
export function createBullmqQueue<T>(
  name: string,
  redisUrl: string,
  log?: (error: unknown) => void,
  outageLog?: RedisOutageLog,
): JobQueue<T> {
  const queueOutage = createOutageLog(`queue ${name}`, outageLog);
  const producer = createRedisClient(redisUrl, 'request', queueOutage);
  const queue = new Queue(name, { connection: producer });
  // Other errors (a job's key gone after Redis lost its data, a script failure) are not outages.
  const onError = (outage: OutageLog) => (error: Error) =>
    isRedisConnectionError(error) ? outage.failed(error) : log?.(error);
  queue.on('error', onError(queueOutage));
  let worker: Worker | null = null;
  let consumer: Redis | null = null;

  const unavailable = (error: unknown) =>
    isRedisUnavailable(error) ? new RedisUnavailableError(undefined, { cause: error }) : error;

  return {
    name,
    async add(data, options) {
      await whenReady(producer, FIRST_CONNECTION_WAIT_MS);
      try {
        // A finished job with the same id would block a re-run; ids are only used to collapse pending work.
        await queue.add(name, data, {
          jobId: options?.jobId,
          removeOnComplete: 1000,
          removeOnFail: 1000,
          attempts: 1,
        });
      } catch (error) {
        throw unavailable(error);
      }
    },
    process(handler, concurrency) {
      const workerOutage = createOutageLog(`worker ${name}`, outageLog);
      consumer = createRedisClient(redisUrl, 'background', workerOutage);
      worker = new Worker(name, async (job) => handler(job.data as T), {
        connection: consumer,
        concurrency,
        // A worker renews its jobs' locks every 5 s; one that died (kill -9) holds them 10 s at
        // most, and the others look for such stalled jobs every 5 s and run them again.
        lockDuration: JOB_LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
      });
      worker.on('error', onError(workerOutage));
      worker.on('failed', (_job, error) => log?.(error));
    },
    async counts() {
      await whenReady(producer, FIRST_CONNECTION_WAIT_MS);
      try {
        return await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
      } catch (error) {
        throw unavailable(error);
      }
    },
    async drained() {
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      // BullMQ leaves connections it was given open; closing while Redis is down must not wait
      // for it to come back, so the connections are dropped rather than asked to QUIT.
      if (worker) await closeWorker(worker, consumer?.status === 'ready', (error) => log?.(error));
      if (producer.status === 'ready') await queue.close();
      await closeRedisClient(producer);
      if (consumer) await closeRedisClient(consumer);
    },
  };
}

/** Closes gracefully (the job in progress finishes) when connected, at once when not, within WORKER_CLOSE_MS. */
async function closeWorker(worker: Worker, connected: boolean, log: (error: Error) => void): Promise<void> {
  let deadline: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    worker.close(!connected).then(() => true),
    new Promise<false>((resolve) => (deadline = setTimeout(() => resolve(false), WORKER_CLOSE_MS))),
  ]);
  clearTimeout(deadline);
  if (closed) return;
  log(new Error(`queue worker ${worker.name} did not close within ${WORKER_CLOSE_MS / 1000} s; dropped`));
  void worker.disconnect().catch(() => undefined);
}
