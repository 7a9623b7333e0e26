/**
 * The queue of notifications on their way out by mail or Telegram (`notification_sends`), shared
 * by both channels: one row per notification and channel, sent by the channel's own task.
 *
 * A claim takes due rows with `for update skip locked` and pushes their `next_attempt_at` past the
 * time a send may take (`leaseMs`), counting the attempt: two workers never take the same row, and
 * a process that dies mid-send leaves its rows due again once the lease has passed (at least once,
 * never lost). Each claimed row then ends as sent, retried later, or failed for good.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../contract/notifications';
import type { Database } from '../../db/client';
import { notifications, notificationSends } from '../../db/schema';

export type SendChannel = 'email' | 'telegram';

export interface NewSend {
  notificationId: string;
  userId: string;
}

/** A claimed send with the notification it carries. */
export interface ClaimedSend {
  id: number;
  userId: string;
  notificationId: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  notification: {
    kind: NotificationKind;
    /** The event it tells of (`UserEvent.id`, e.g. `offer.created:<offer id>`). */
    eventId: string;
    title: string;
    body: string;
    link: string | null;
    createdAt: Date;
  };
}

const ENQUEUE_SLICE = 5_000;

export function createNotificationSendsRepo(db: Database) {
  return {
    /** Queues one send per row on the channel, due at once. */
    async enqueue(channel: SendChannel, rows: NewSend[]): Promise<void> {
      // In slices: a statement takes at most 65,535 parameters, and a new offer may reach many.
      for (let at = 0; at < rows.length; at += ENQUEUE_SLICE)
        await db
          .insert(notificationSends)
          .values(rows.slice(at, at + ENQUEUE_SLICE).map((row) => ({ ...row, channel })));
    },

    /** Takes up to `limit` due sends of the channel, oldest due first (see the header). */
    async claimDue(
      channel: SendChannel,
      options: { now: Date; limit: number; leaseMs: number },
    ): Promise<ClaimedSend[]> {
      const due = db
        .select({ id: notificationSends.id })
        .from(notificationSends)
        .where(
          and(
            eq(notificationSends.channel, channel),
            eq(notificationSends.status, 'pending'),
            lte(notificationSends.nextAttemptAt, options.now),
          ),
        )
        .orderBy(asc(notificationSends.nextAttemptAt), asc(notificationSends.id))
        .limit(options.limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(notificationSends)
        .set({
          attempts: sql`${notificationSends.attempts} + 1`,
          nextAttemptAt: new Date(options.now.getTime() + options.leaseMs),
        })
        .where(inArray(notificationSends.id, due))
        .returning();
      if (claimed.length === 0) return [];
      const words = await db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          eventId: notifications.eventId,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(
          inArray(
            notifications.id,
            claimed.map((row) => row.notificationId),
          ),
        );
      const byId = new Map(words.map(({ id, ...rest }) => [id, rest]));
      // A notification deleted meanwhile (retention, account deletion) cascades its sends away.
      return claimed
        .filter((row) => byId.has(row.notificationId))
        .sort((a, b) => a.id - b.id)
        .map((row) => ({
          id: row.id,
          userId: row.userId,
          notificationId: row.notificationId,
          attempt: row.attempts,
          notification: byId.get(row.notificationId)!,
        }));
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db
        .update(notificationSends)
        .set({ status: 'sent', sentAt: at, error: null })
        .where(eq(notificationSends.id, id));
    },

    /** Due again at `at`; `error` says why this attempt failed (never a secret). */
    async scheduleRetry(id: number, retry: { at: Date; error: string }): Promise<void> {
      await db
        .update(notificationSends)
        .set({ nextAttemptAt: retry.at, error: retry.error })
        .where(eq(notificationSends.id, id));
    },

    /** Given up: it stays as a record of the failure. */
    async markFailed(id: number, error: string): Promise<void> {
      await db.update(notificationSends).set({ status: 'failed', error }).where(eq(notificationSends.id, id));
    },
  };
}

export type NotificationSendsRepo = ReturnType<typeof createNotificationSendsRepo>;
