import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { userPreferences } from '../../db/schema';

export type PreferencesRow = typeof userPreferences.$inferSelect;
export type PreferencesValues = Omit<
  typeof userPreferences.$inferInsert,
  'userId' | 'createdAt' | 'updatedAt'
>;

export function createPreferencesRepo(db: Database) {
  return {
    async find(userId: string): Promise<PreferencesRow | null> {
      const [row] = await db
        .select()
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId))
        .limit(1);
      return row ?? null;
    },

    /** Replaces the user's whole row (a PUT carries every field). */
    /** Forgets the user's saved preferences (inside the caller's transaction). */
    async remove(userId: string, tx: Queryable): Promise<void> {
      await tx.delete(userPreferences).where(eq(userPreferences.userId, userId));
    },

    async save(userId: string, values: PreferencesValues): Promise<PreferencesRow> {
      const [row] = await db
        .insert(userPreferences)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error('user_preferences upsert returned no row');
      return row;
    },
  };
}
