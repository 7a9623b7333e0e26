import { randomUUID } from 'node:crypto';
import type { EventBus } from './event-bus';
import { createListenerSet, logBusError, type BusErrorHandler } from './listeners';

/** The embedded default: one process, listeners called synchronously inside `publish`. */
export function createInProcessBus(options: { onError?: BusErrorHandler } = {}): EventBus {
  const nodeId = randomUUID();
  const listeners = createListenerSet(options.onError ?? logBusError);
  return {
    nodeId,
    publish(event, payload, rooms = []) {
      listeners.deliver({ event, payload, rooms, origin: nodeId });
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      listeners.clear();
    },
  };
}
