import { asc, eq, inArray } from 'drizzle-orm';
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
