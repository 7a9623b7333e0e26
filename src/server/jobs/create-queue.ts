import type { RedisOutageLog } from '../shared/redis-connection';
import { createBullmqQueue } from './bullmq-queue';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';

export function createQueue<T>(
  name: string,
  options: { redisUrl?: string; log?: (error: unknown) => void; outageLog?: RedisOutageLog },
): JobQueue<T> {
  return options.redisUrl
    ? createBullmqQueue<T>(name, options.redisUrl, options.log, options.outageLog)
    : createInProcessQueue<T>(name, options.log);
}
