import type { Redis } from 'ioredis';
import {
  closeRedisClient,
  createOutageLog,
  createRedisClient,
  type RedisOutageLog,
} from '../shared/redis-connection';

/** Commands the socket.io Redis adapter sends without awaiting or catching them. */
const UNAWAITED = new Set<PropertyKey>(['publish', 'psubscribe', 'punsubscribe', 'subscribe', 'unsubscribe']);

/**
 * The socket.io Redis adapter's two clients. The adapter fires PUBLISH and (UN)SUBSCRIBE without
 * awaiting them, so a command ioredis rejects (Redis down, connection dropped at shutdown) would be
 * an unhandled rejection; these clients catch them and log once per outage. The publisher fails
 * fast, so cluster-wide emits are dropped while Redis is down instead of piling up in memory; the
 * subscriber waits and resubscribes when Redis is back. `quit()` never waits for a Redis that is
 * down (it would, behind the queued SUBSCRIBE), so closing the socket server cannot hang.
 */
export function createAdapterClients(redisUrl: string, log: RedisOutageLog): { pub: Redis; sub: Redis } {
  const outage = createOutageLog('socket.io redis adapter', log);
  const guard = (client: Redis): Redis =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'quit') return () => closeRedisClient(target).then(() => 'OK' as const);
        const value: unknown = Reflect.get(target, property, receiver);
        if (!UNAWAITED.has(property) || typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((error: unknown) => {
            outage.failed(error);
            return null;
          });
      },
    });
  return {
    pub: guard(createRedisClient(redisUrl, 'request', outage)),
    sub: guard(createRedisClient(redisUrl, 'background', outage)),
  };
}
