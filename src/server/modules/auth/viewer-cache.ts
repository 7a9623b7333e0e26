import type { UserOrganization } from '../../../contract/account';
import type { Viewer } from './viewer';

/** A resolved bearer token: the viewer (null for a token that is no session) and its organisations. */
export interface CachedViewer {
  viewer: Viewer | null;
  organizations: UserOrganization[];
}

export const VIEWER_CACHE_MS = 5_000;
const VIEWER_CACHE_MAX = 10_000;

/**
 * Token → resolved viewer for at most `ttlMs` (≤ 5 s keeps revocation within 5 s even when an
 * eviction message is lost). Past half its life an entry is still served but due for a refresh
 * (`due`), so a busy token is re-read in the background instead of making requests wait. Evictions bump an epoch: a lookup that started before an eviction
 * must not store what it read, or it could put back the very grant that was just revoked.
 */
export function createViewerCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = Math.min(options.ttlMs ?? VIEWER_CACHE_MS, VIEWER_CACHE_MS);
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedViewer & { until: number; refreshAt: number }>();
  let epoch = 0;

  return {
    get(token: string): CachedViewer | undefined {
      const hit = entries.get(token);
      if (!hit) return undefined;
      if (hit.until > now()) return hit;
      entries.delete(token);
      return undefined;
    },
    /** Whether a held entry is past half its life (serve it, and re-read it behind the request). */
    due(token: string): boolean {
      const hit = entries.get(token);
      return hit !== undefined && hit.refreshAt <= now();
    },
    /** The epoch to hand back to `set`, taken before the lookup starts. */
    epoch: () => epoch,
    set(token: string, value: CachedViewer, startedAt: number, expiresAt = Infinity): void {
      if (startedAt !== epoch) return;
      if (entries.size >= VIEWER_CACHE_MAX) entries.clear();
      const until = Math.min(now() + ttlMs, expiresAt);
      entries.set(token, { ...value, until, refreshAt: now() + ttlMs / 2 });
    },
    forgetUsers(userIds: readonly string[]): void {
      epoch += 1;
      const gone = new Set(userIds);
      for (const [token, entry] of entries) {
        // Null entries are cheap to recompute and may be a token just signed in again.
        if (!entry.viewer || gone.has(entry.viewer.userId)) entries.delete(token);
      }
    },
    clear(): void {
      epoch += 1;
      entries.clear();
    },
  };
}

export type ViewerCache = ReturnType<typeof createViewerCache>;
