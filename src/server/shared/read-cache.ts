/**
 * An in-process cache for rows read on hot paths that change rarely (the global settings, a
 * trader's auto-trading preferences). The owner evicts on every change: its own after the commit,
 * and other processes' through the event bus. `ttlMs` only bounds how stale a copy can get should
 * an eviction message between processes be lost.
 *
 * A load is shared by the callers that come while it runs; it is stored from the start, so an
 * eviction that comes while it runs drops it too: a value read before a change never outlives it.
 */
export interface ReadCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  evict(key: string): void;
  clear(): void;
}

export function createReadCache<V>(options: {
  ttlMs: number;
  /** Entries kept at most (the cache is emptied when full). */
  max?: number;
  now?: () => number;
}): ReadCache<V> {
  const now = options.now ?? Date.now;
  const max = options.max ?? 10_000;
  const entries = new Map<string, { value: Promise<V>; until: number }>();

  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.value;
      if (entries.size >= max) entries.clear();
      const entry = { value: load(), until: now() + options.ttlMs };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    evict(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
