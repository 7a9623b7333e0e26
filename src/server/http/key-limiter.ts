/**
 * At most `max` uses per key in a fixed window, in this process's memory (as the per-IP limits
 * are): for limits keyed by something other than the address, e.g. an email a request names.
 */
export function createKeyLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  // Every window is as long, so insertion order is the order windows end in: the ended ones are
  // always at the front, and each use drops them in time proportional to what it drops.
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    /** Counts one use; null when allowed, else the milliseconds until the key's window ends. */
    take(key: string): number | null {
      const now = Date.now();
      for (const [k, w] of windows) {
        if (w.endsAt > now) break;
        windows.delete(k);
      }
      const window = windows.get(key);
      if (!window) {
        windows.set(key, { count: 1, endsAt: now + windowMs });
        return null;
      }
      if (window.count >= max) return window.endsAt - now;
      window.count += 1;
      return null;
    },
  };
}
