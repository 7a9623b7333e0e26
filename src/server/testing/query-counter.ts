import type { DatabaseHandle } from '../db/client';

/**
 * Counts the statements the app sends to the database while it is on, below drizzle: PGlite's
 * query/exec/transaction, or the pool's query and connect (a transaction takes a connection; the
 * connection a pool's own `query` takes is part of that one statement).
 */
export function countQueries(handle: DatabaseHandle) {
  const client = handle.client as unknown as Record<string, (...args: unknown[]) => unknown>;
  const methods = handle.kind === 'pglite' ? ['query', 'exec', 'transaction'] : ['query', 'connect'];
  const originals = new Map(methods.map((name) => [name, client[name]!]));
  let count = 0;
  let inQuery = false;
  for (const [name, original] of originals) {
    client[name] = function (this: unknown, ...args: unknown[]) {
      if (name !== 'connect' || !inQuery) count += 1;
      if (name !== 'query') return original.apply(this, args);
      inQuery = true;
      try {
        return original.apply(this, args);
      } finally {
        inQuery = false;
      }
    };
  }
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    restore() {
      for (const [name, original] of originals) client[name] = original;
    },
  };
}
