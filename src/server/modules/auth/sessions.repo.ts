import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { member, session as sessions } from '../../db/schema';

/** Session and membership rows the viewer cache and the session watch re-read in bulk. */
export function createSessionsRepo(db: Database) {
  return {
    async setActiveOrganization(sessionId: string, organizationId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ activeOrganizationId: organizationId })
        .where(eq(sessions.id, sessionId));
    },

    /** The user's live sessions, most recently active first. */
    async liveSessionsOf(userId: string) {
      return db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ipAddress: sessions.ipAddress,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.updatedAt));
    },

    /** Ends one of the user's sessions (none of anyone else's); how many ended. */
    async deleteSession(userId: string, sessionId: string): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      return deleted.length;
    },

    /** Ends every session of the user's but `keepId`; how many ended. */
    async deleteOtherSessions(userId: string, keepId: string): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return deleted.length;
    },

    /** Marks the session active now, unless it was within `withinMs` (one write per session per span). */
    async touch(sessionId: string, withinMs: number): Promise<void> {
      const since = new Date(Date.now() - withinMs);
      await db
        .update(sessions)
        .set({ updatedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), lt(sessions.updatedAt, since)));
    },

    /** The session just proved a second factor (a code entered while signed in). */
    async markSecondFactor(sessionId: string, at: Date): Promise<void> {
      await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
    },

    /** Live sessions among `ids` (one query however many sockets and streams are watched). */
    async sessionsByIds(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          activeOrganizationId: sessions.activeOrganizationId,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(inArray(sessions.id, [...ids]));
    },

    /** Memberships of these users, oldest first. */
    async membershipsOfUsers(userIds: readonly string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: member.userId, organizationId: member.organizationId, role: member.role })
        .from(member)
        .where(inArray(member.userId, [...userIds]))
        .orderBy(asc(member.createdAt));
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
