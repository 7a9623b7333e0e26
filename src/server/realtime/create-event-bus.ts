import type { EventBus } from './event-bus';
import { createInProcessBus } from './in-process-bus';
import type { RedisOutageLog } from '../shared/redis-connection';
import type { BusErrorHandler } from './listeners';
import { createRedisBus } from './redis-bus';

/** In-process by default; Redis pub/sub when REDIS_URL is set (DESIGN: one process by default). */
export function createEventBus(
  options: { redisUrl?: string; onError?: BusErrorHandler; outageLog?: RedisOutageLog } = {},
): EventBus {
  return options.redisUrl
    ? createRedisBus(options.redisUrl, { onError: options.onError, outageLog: options.outageLog })
    : createInProcessBus({ onError: options.onError });
}
