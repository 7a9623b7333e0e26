import type { BusListener, BusMessage } from './event-bus';

export type BusErrorHandler = (error: unknown, context: string) => void;

export const logBusError: BusErrorHandler = (error, context) => {
  console.error(`[event-bus] ${context}`, error);
};

/** The local fan-out both buses share: each listener is isolated from the others' failures. */
export function createListenerSet(onError: BusErrorHandler) {
  const listeners = new Set<BusListener>();
  return {
    add(listener: BusListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deliver(message: BusMessage): void {
      for (const listener of [...listeners]) {
        try {
          listener(message);
        } catch (error) {
          onError(error, `listener failed on ${message.event}`);
        }
      }
    },
    clear(): void {
      listeners.clear();
    },
  };
}
