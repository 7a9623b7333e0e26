import { eq, inArray } from 'drizzle-orm';
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

    async contactsOf(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, ids));
    },
  };
}
