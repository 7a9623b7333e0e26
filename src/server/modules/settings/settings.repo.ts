import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { globalSettings } from '../../db/schema';

export type GlobalSettingsRow = typeof globalSettings.$inferSelect;
export type GlobalSettingsChanges = Partial<Omit<typeof globalSettings.$inferInsert, 'id'>>;

/** The single global-settings row (id 1, created by the migrations). */
export function createSettingsRepo(db: Queryable) {
  return {
    /**
     * Inside a transaction, `lock: 'update'`: concurrent changes queue, so each sees the one before;
     * `lock: 'share'`: a change waits until the caller commits (readers never wait for each other).
     */
    async row(options: { lock?: 'update' | 'share' } = {}): Promise<GlobalSettingsRow> {
      const query = db.select().from(globalSettings).where(eq(globalSettings.id, 1));
      const [found] = await (options.lock ? query.for(options.lock) : query);
      if (!found) throw new Error('global settings row is missing');
      return found;
    },

    async update(changes: GlobalSettingsChanges, tx: Queryable = db): Promise<GlobalSettingsRow> {
      const [updated] = await tx
        .update(globalSettings)
        .set(changes)
        .where(eq(globalSettings.id, 1))
        .returning();
      if (!updated) throw new Error('global settings row is missing');
      return updated;
    },

    async operatorOrganizationId(): Promise<string | null> {
      const [row] = await db
        .select({ id: globalSettings.operatorOrganizationId })
        .from(globalSettings)
        .where(eq(globalSettings.id, 1));
      return row?.id ?? null;
    },

    /** Sets the operator organisation only while none is set; false when another claimed it first. */
    async claimOperatorOrganization(organizationId: string, tx: Queryable = db): Promise<boolean> {
      const claimed = await tx
        .update(globalSettings)
        .set({ operatorOrganizationId: organizationId })
        .where(and(eq(globalSettings.id, 1), isNull(globalSettings.operatorOrganizationId)))
        .returning({ id: globalSettings.id });
      return claimed.length > 0;
    },
  };
}
