import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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
  options: { channel?: string; onError?: BusErrorHandler } = {},
): RedisEventBus {
  const channel = options.channel ?? DEFAULT_BUS_CHANNEL;
  const onError = options.onError ?? logBusError;
  const nodeId = randomUUID();
  const listeners = createListenerSet(onError);
  // A subscribed connection can run no other command, hence two.
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  pub.on('error', (error) => onError(error, 'redis publisher'));
  sub.on('error', (error) => onError(error, 'redis subscriber'));

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
  const subscribed = sub.subscribe(channel).then(() => undefined);
  subscribed.catch((error: unknown) => onError(error, `subscribe ${channel}`));

  let closed = false;
  return {
    nodeId,
    publish(event, payload, rooms = [], publishOptions = {}) {
      const message: BusMessage = { event, payload, rooms, origin: nodeId };
      listeners.deliver(message);
      if (publishOptions.local || closed) return;
      pub
        .publish(channel, JSON.stringify(message))
        .catch((error: unknown) => onError(error, `publish ${event}`));
    },
    subscribe: (listener) => listeners.add(listener),
    ready: () => subscribed,
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
