import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
/** What every trader told of one event reads. */
export type Told = Pick<NotificationRow, 'kind' | 'eventId' | 'title' | 'body' | 'link'>;

interface RawRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  kind: NotificationRow['kind'];
  event_id: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  created_at: Date | string;
  read_at: Date | string | null;
}

const fromRaw = (row: RawRow): NotificationRow => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  eventId: row.event_id,
  title: row.title,
  body: row.body,
  link: row.link,
  data: row.data,
  createdAt: new Date(row.created_at),
  readAt: row.read_at === null ? null : new Date(row.read_at),
});

export function createNotificationsRepo(db: Database) {
  return {
    /**
     * Stores the notification of one event for each of these traders, once: a trader already told
     * of the event (a replayed decision, a second announcement) gets no second row. One statement
     * and one parameter for the traders however many (a new offer may concern every trader).
     * Returns the rows made.
     */
    async insertForUsers(userIds: string[], told: Told): Promise<NotificationRow[]> {
      if (userIds.length === 0) return [];
      const { rows } = await db.execute<RawRow>(sql`
        insert into notifications (user_id, kind, event_id, title, body, link)
        select recipient, ${told.kind}, ${told.eventId}, ${told.title}, ${told.body}, ${told.link}
        from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as recipient
        on conflict (user_id, event_id) do nothing
        returning id, user_id, kind, event_id, title, body, link, data, created_at, read_at
      `);
      return rows.map(fromRaw);
    },

    /** The trader's newest first; `before` (a notification id of theirs) starts after it. */
    async list(userId: string, limit: number, before?: string): Promise<NotificationRow[]> {
      const after = before
        ? await db
            .select({ createdAt: notifications.createdAt, id: notifications.id })
            .from(notifications)
            .where(and(eq(notifications.userId, userId), eq(notifications.id, before)))
            .limit(1)
        : [];
      const cursor = after[0];
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            cursor
              ? or(
                  lt(notifications.createdAt, cursor.createdAt),
                  and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks the trader's own notifications read (`ids` of another trader's change nothing). */
    async markRead(userId: string, ids: string[] | 'all', at: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids === 'all' ? undefined : inArray(notifications.id, ids),
          ),
        );
    },

    /** The bell keeps what is recent: older notifications go (the worker's retention). */
    async deleteOlderThan(at: Date): Promise<number> {
      const gone = await db
        .delete(notifications)
        .where(lt(notifications.createdAt, at))
        .returning({ id: notifications.id });
      return gone.length;
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
