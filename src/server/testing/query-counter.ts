import type { DatabaseHandle } from '../db/client';

/**
 * Counts the statements the app sends to the database while it is on, below drizzle: PGlite's
 * query/exec/transaction, or the pool's query and connect (a transaction takes a connection).
 */
export function countQueries(handle: DatabaseHandle) {
  const client = handle.client as unknown as Record<string, (...args: unknown[]) => unknown>;
  const methods = handle.kind === 'pglite' ? ['query', 'exec', 'transaction'] : ['query', 'connect'];
  const originals = new Map(methods.map((name) => [name, client[name]!]));
  let count = 0;
  for (const [name, original] of originals) {
    client[name] = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
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
