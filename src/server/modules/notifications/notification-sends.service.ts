/**
 * The shared send queue (`notification_sends`, notification-sends.repo.ts) as other modules reach
 * it: the Telegram module queues its messages here and runs its own sending loop over them (it
 * honours Telegram's `retry_after`, which the mail loop of notification-sends.ts has no need for).
 * Reached as `app.notifications.sends`.
 */
import type { Database } from '../../db/client';
import {
  createNotificationSendsRepo,
  type ClaimedSend,
  type NewSend,
  type SendChannel,
} from './notification-sends.repo';

export type { ClaimedSend, NewSend, SendChannel };

export function createNotificationSendsService(db: Database) {
  const repo = createNotificationSendsRepo(db);
  return {
    /** Queues one send per row on the channel, due at once. */
    enqueue: (channel: SendChannel, rows: NewSend[]) => repo.enqueue(channel, rows),
    /**
     * Takes up to `limit` due sends of the channel, each counted as an attempt and leased for
     * `leaseMs` (no other worker takes it meanwhile); each must then be settled below.
     */
    claimDue: (channel: SendChannel, options: { now: Date; limit: number; leaseMs: number }) =>
      repo.claimDue(channel, options),
    markSent: (id: number, at: Date) => repo.markSent(id, at),
    /** Due again at `at`; `error` says why this attempt failed (never a secret). */
    retryAt: (id: number, retry: { at: Date; error: string }) => repo.scheduleRetry(id, retry),
    markFailed: (id: number, error: string) => repo.markFailed(id, error),
  };
}

export type NotificationSendsService = ReturnType<typeof createNotificationSendsService>;
