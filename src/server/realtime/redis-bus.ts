import { randomUUID } from 'node:crypto';
import {
  closeRedisClient,
  createOutageLog,
  createRedisClient,
  outageLogVia,
  whenReady,
  type RedisOutageLog,
} from '../shared/redis-connection';
import type { BusMessage, EventBus } from './event-bus';
import { createListenerSet, logBusError, type BusErrorHandler } from './listeners';

export const DEFAULT_BUS_CHANNEL = 'heatsignal:events';

export interface RedisEventBus extends EventBus {
  /** Resolves once the subscription is live (messages published before it are not seen). */
  ready(): Promise<void>;
}

/**
 * The bus across processes: every message is one JSON text on one Redis pub/sub channel. Local
 * listeners get a message synchronously at publish time, as with the in-process bus; the copy that
 * comes back from Redis carries our own `origin` and is dropped, so nobody sees a message twice.
 */
export function createRedisBus(
  redisUrl: string,
  options: { channel?: string; onError?: BusErrorHandler; outageLog?: RedisOutageLog } = {},
): RedisEventBus {
  const channel = options.channel ?? DEFAULT_BUS_CHANNEL;
  const onError = options.onError ?? logBusError;
  const nodeId = randomUUID();
  const listeners = createListenerSet(onError);
  // A subscribed connection can run no other command, hence two. Realtime is best effort: while
  // Redis is down a publish fails at once (no offline queue growing without bound) and is dropped,
  // one logged error per outage; the subscriber waits and resubscribes when Redis is back.
  const outageLog: RedisOutageLog = options.outageLog ?? outageLogVia(onError);
  const pubOutage = createOutageLog('bus publisher', outageLog);
  const subOutage = createOutageLog('bus subscriber', outageLog);
  const pub = createRedisClient(redisUrl, 'request', pubOutage);
  const sub = createRedisClient(redisUrl, 'background', subOutage);

  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch (error) {
      onError(error, 'unreadable message on the bus channel');
      return;
    }
    if (message.origin === nodeId) return;
    listeners.deliver(message);
  });
  const subscribed = Promise.all([sub.subscribe(channel), whenReady(pub, 10_000)]).then(() => undefined);
  subscribed.catch((error: unknown) => onError(error, `subscribe ${channel}`));

  let closed = false;
  return {
    nodeId,
    publish(event, payload, rooms = [], publishOptions = {}) {
      const message: BusMessage = { event, payload, rooms, origin: nodeId };
      listeners.deliver(message);
      if (publishOptions.local || closed) return;
      pub.publish(channel, JSON.stringify(message)).then(
        () => pubOutage.recovered(),
        (error: unknown) => pubOutage.failed(error),
      );
    },
    subscribe: (listener) => listeners.add(listener),
    ready: () => subscribed,
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.all([closeRedisClient(sub), closeRedisClient(pub)]);
    },
  };
}
