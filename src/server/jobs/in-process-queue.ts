import type { JobQueue } from './job-queue';

interface Entry<T> {
  id: string | undefined;
  data: T;
}

/** The embedded queue: FIFO, bounded concurrency, duplicate job ids collapsed while pending. */
export function createInProcessQueue<T>(name: string, log?: (error: unknown) => void): JobQueue<T> {
  const waiting: Entry<T>[] = [];
  const pendingIds = new Set<string>();
  const idleWaiters: (() => void)[] = [];
  let handler: ((data: T) => Promise<void>) | null = null;
  let concurrency = 1;
  let active = 0;
  let completed = 0;
  let failed = 0;
  let closed = false;

  function settleIdle() {
    if (waiting.length === 0 && active === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  function pump() {
    while (handler && !closed && active < concurrency && waiting.length > 0) {
      const entry = waiting.shift() as Entry<T>;
      active += 1;
      const run = handler;
      void run(entry.data)
        .then(
          () => {
            completed += 1;
          },
          (error: unknown) => {
            failed += 1;
            log?.(error);
          },
        )
        .finally(() => {
          active -= 1;
          if (entry.id) pendingIds.delete(entry.id);
          pump();
          settleIdle();
        });
    }
  }

  return {
    name,
    async add(data, options) {
      if (closed) return;
      const id = options?.jobId;
      if (id && pendingIds.has(id)) return;
      if (id) pendingIds.add(id);
      waiting.push({ id, data });
      pump();
    },
    process(next, parallel) {
      handler = next;
      concurrency = Math.max(1, parallel);
      pump();
    },
    async counts() {
      return { waiting: waiting.length, active, completed, failed };
    },
    drained() {
      if (waiting.length === 0 && active === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      waiting.length = 0;
      pendingIds.clear();
      settleIdle();
    },
  };
}
