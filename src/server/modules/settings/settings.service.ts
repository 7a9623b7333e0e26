import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { globalSettings } from '../../db/schema';

/** The single global-settings row (id 1); its column defaults are the product's defaults. */
export function createSettingsService(db: Database) {
  return {
    async ensureDefaults(): Promise<void> {
      await db.insert(globalSettings).values({ id: 1 }).onConflictDoNothing();
    },
    async get() {
      const [row] = await db.select().from(globalSettings).where(eq(globalSettings.id, 1));
      if (!row) throw new Error('global settings row is missing');
      return row;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
