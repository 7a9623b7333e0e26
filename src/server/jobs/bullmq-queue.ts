import { Queue, Worker } from 'bullmq';
import type { JobQueue } from './job-queue';

function connectionOf(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password || undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

/** BullMQ-backed queue: jobs survive a restart and are shared by every worker process. */
export function createBullmqQueue<T>(
  name: string,
  redisUrl: string,
  log?: (error: unknown) => void,
): JobQueue<T> {
  const connection = connectionOf(redisUrl);
  const queue = new Queue(name, { connection });
  let worker: Worker | null = null;

  return {
    name,
    async add(data, options) {
      // A finished job with the same id would block a re-run; ids are only used to collapse pending work.
      await queue.add(name, data, {
        jobId: options?.jobId,
        removeOnComplete: 1000,
        removeOnFail: 1000,
        attempts: 1,
      });
    },
    process(handler, concurrency) {
      worker = new Worker(name, async (job) => handler(job.data as T), { connection, concurrency });
      worker.on('failed', (_job, error) => log?.(error));
    },
    async counts() {
      return queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    },
    async drained() {
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
