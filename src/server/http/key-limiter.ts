/**
 * At most `max` uses per key in a fixed window, in this process's memory (as the per-IP limits
 * are): for limits keyed by something other than the address, e.g. an email a request names.
 */
export function createKeyLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  // Every window is as long, so insertion order is the order windows end in: the ended ones are
  // always at the front, and each use drops them in time proportional to what it drops.
  const windows = new Map<string, { count: number; endsAt: number }>();

  /** Counts one use against `limit` (a key's limit may change between uses, e.g. with its plan). */
  function use(key: string, limit: number): KeyUse {
    const now = Date.now();
    for (const [k, w] of windows) {
      if (w.endsAt > now) break;
      windows.delete(k);
    }
    let window = windows.get(key);
    if (!window) {
      window = { count: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    const resetMs = window.endsAt - now;
    if (window.count >= limit) return { allowed: false, remaining: 0, resetMs };
    window.count += 1;
    return { allowed: true, remaining: limit - window.count, resetMs };
  }

  return {
    /** Counts one use; null when allowed, else the milliseconds until the key's window ends. */
    take(key: string): number | null {
      const counted = use(key, max);
      return counted.allowed ? null : counted.resetMs;
    },
    use,
  };
}

export interface KeyUse {
  allowed: boolean;
  /** Uses left in this window after this one. */
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}
