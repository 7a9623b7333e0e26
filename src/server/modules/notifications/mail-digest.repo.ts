import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailSettings, notifications } from '../../db/schema';

export interface DigestWindow {
  now: Date;
  /** A digest tells of offers no older than this, whenever the last one went. */
  from: Date;
  /** The last digest must have gone at or before this (at most one per 24 h). */
  lastSentBy: Date;
}

export interface DigestOffer {
  title: string;
  body: string;
  createdAt: Date;
}

/** What the daily digest reads: the traders it is due for, and the offers each was told of. */
export function createMailDigestRepo(db: Database) {
  /** Offers of theirs since their last digest (or `from`, whichever is later), up to `now`. */
  const offersSince = (window: DigestWindow) =>
    and(
      eq(notifications.kind, 'offer.created'),
      gt(notifications.createdAt, window.from),
      lte(notifications.createdAt, window.now),
      sql`(${emailSettings.digestSentAt} is null or ${notifications.createdAt} > ${emailSettings.digestSentAt})`,
    );

  return {
    /**
     * Traders with the digest on, none sent since `lastSentBy`, and at least one offer to tell of:
     * a page of `limit`, in id order after `afterUserId` (the task walks them page by page).
     */
    async dueUsers(
      window: DigestWindow,
      page: { afterUserId: string | null; limit: number },
    ): Promise<string[]> {
      const rows = await db
        .select({ userId: notifications.userId })
        .from(notifications)
        .leftJoin(emailSettings, eq(emailSettings.userId, notifications.userId))
        .where(
          and(
            offersSince(window),
            sql`coalesce(${emailSettings.digest}, true)`,
            sql`(${emailSettings.digestSentAt} is null or ${emailSettings.digestSentAt} <= ${window.lastSentBy})`,
            page.afterUserId ? gt(notifications.userId, page.afterUserId) : undefined,
          ),
        )
        .groupBy(notifications.userId)
        .orderBy(asc(notifications.userId))
        .limit(page.limit);
      return rows.map((row) => row.userId);
    },

    /** The trader's offers for their digest, newest first (up to `limit`), and how many in all. */
    async offersOf(
      userId: string,
      window: DigestWindow,
      limit: number,
    ): Promise<{ offers: DigestOffer[]; total: number }> {
      const where = and(eq(notifications.userId, userId), offersSince(window));
      const [offers, [counted]] = await Promise.all([
        db
          .select({
            title: notifications.title,
            body: notifications.body,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .leftJoin(emailSettings, eq(emailSettings.userId, notifications.userId))
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit),
        db
          .select({ n: count() })
          .from(notifications)
          .leftJoin(emailSettings, eq(emailSettings.userId, notifications.userId))
          .where(where),
      ]);
      return { offers, total: counted?.n ?? 0 };
    },
  };
}

export type MailDigestRepo = ReturnType<typeof createMailDigestRepo>;
