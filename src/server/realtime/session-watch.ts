import type { SessionGrant } from '../modules/auth/viewer';
import { isBusEvent, type EventBus } from './event-bus';
import { logBusError, type BusErrorHandler } from './listeners';

/** How often every watched session is re-read: a lost bus message still takes effect within 5 s. */
export const SESSION_RECHECK_MS = 2_500;

interface Watched {
  sessionId: string;
  grant: SessionGrant;
  onChange: (grant: SessionGrant | null) => void;
}

/**
 * Keeps long-lived connections (sockets, admin event streams) in step with their session: a
 * sign-out, demotion or organisation switch reaches them at once through the bus's `auth_changed`,
 * and at the latest at the next periodic re-check. Each re-check reads all watched sessions in
 * one batch, however many connections share them.
 */
export function createSessionWatch(deps: {
  bus: EventBus;
  grantsOf: (sessionIds: string[]) => Promise<Map<string, SessionGrant>>;
  intervalMs?: number;
  onError?: BusErrorHandler;
}) {
  const onError = deps.onError ?? logBusError;
  const watched = new Set<Watched>();
  let running: Promise<void> | null = null;
  let again: Set<Watched> | null = null;

  async function recheck(targets: Set<Watched>): Promise<void> {
    const grants = await deps.grantsOf([...new Set([...targets].map((w) => w.sessionId))]);
    for (const entry of targets) {
      if (!watched.has(entry)) continue;
      const now = grants.get(entry.sessionId) ?? null;
      if (now && now.userId === entry.grant.userId && now.isAdmin === entry.grant.isAdmin) continue;
      if (now) entry.grant = now;
      else watched.delete(entry);
      try {
        entry.onChange(now);
      } catch (error) {
        onError(error, 'session watch listener');
      }
    }
  }

  /** One re-check at a time; checks asked for meanwhile run together right after. */
  function schedule(targets: Set<Watched>): void {
    if (targets.size === 0) return;
    if (running) {
      again = new Set([...(again ?? []), ...targets]);
      return;
    }
    running = recheck(targets)
      .catch((error: unknown) => onError(error, 'session re-check'))
      .finally(() => {
        running = null;
        const next = again;
        again = null;
        if (next) schedule(next);
      });
  }

  const timer = setInterval(() => schedule(new Set(watched)), deps.intervalMs ?? SESSION_RECHECK_MS);
  timer.unref();
  const unsubscribe = deps.bus.subscribe((message) => {
    if (!isBusEvent(message, 'auth_changed')) return;
    const users = new Set(message.payload.userIds);
    schedule(new Set([...watched].filter((w) => message.payload.all || users.has(w.grant.userId))));
  });

  return {
    /**
     * Calls `onChange` with the new grant when the session's user or admin flag changes, and with
     * null (then stops watching) when the session is gone. Returns the unwatch function.
     */
    watch(sessionId: string, grant: SessionGrant, onChange: Watched['onChange']): () => void {
      const entry: Watched = { sessionId, grant, onChange };
      watched.add(entry);
      return () => watched.delete(entry);
    },
    /** Resolves once the re-checks under way have finished (tests). */
    async settled(): Promise<void> {
      while (running) await running;
    },
    close(): void {
      clearInterval(timer);
      unsubscribe();
      watched.clear();
    },
  };
}

export type SessionWatch = ReturnType<typeof createSessionWatch>;
