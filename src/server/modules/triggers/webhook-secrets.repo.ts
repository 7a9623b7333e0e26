import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { webhookSecrets } from '../../db/schema';

export function createWebhookSecretsRepo(db: Queryable) {
  const listed = {
    id: webhookSecrets.id,
    label: webhookSecrets.label,
    createdAt: webhookSecrets.createdAt,
    lastUsedAt: webhookSecrets.lastUsedAt,
  };
  return {
    async insert(row: { label: string; sealedSecret: string; createdBy: string }) {
      const [created] = await db.insert(webhookSecrets).values(row).returning(listed);
      return created!;
    },
    list() {
      return db.select(listed).from(webhookSecrets).orderBy(asc(webhookSecrets.createdAt));
    },
    async find(id: string) {
      const [row] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.id, id));
      return row ?? null;
    },
    /** The removed key's listed fields, or undefined when there was none. */
    async remove(id: string) {
      const [gone] = await db.delete(webhookSecrets).where(eq(webhookSecrets.id, id)).returning(listed);
      return gone;
    },
    async markUsed(id: string, at: Date): Promise<void> {
      await db.update(webhookSecrets).set({ lastUsedAt: at }).where(eq(webhookSecrets.id, id));
    },
  };
}
