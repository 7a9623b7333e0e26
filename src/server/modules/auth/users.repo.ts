import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user as users } from '../../db/schema';

/** Lookups on the user table that better-auth does not make for us. */
export function createUsersRepo(db: Database) {
  return {
    async usernameTaken(username: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
      return rows.length > 0;
    },

    async referralCodeTaken(code: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
      return rows.length > 0;
    },

    async idByReferralCode(code: string): Promise<string | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.referralCode, code))
        .limit(1);
      return row?.id ?? null;
    },

    async referralCodeOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ code: users.referralCode })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.code ?? null;
    },

    /** Sets the code only while the user has none; false when another writer got there first. */
    async setReferralCodeIfMissing(userId: string, code: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ referralCode: code })
        .where(and(eq(users.id, userId), isNull(users.referralCode)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async contactsOf(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    async usernames(ids: readonly string[]): Promise<{ id: string; username: string | null }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },
  };
}
