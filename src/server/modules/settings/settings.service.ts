import { eq } from 'drizzle-orm';
import {
  autoAnalysisConfigSchema,
  type AutoAnalysisConfig,
  type GlobalSettings,
  type GlobalSettingsPatch,
} from '../../../contract/admin-settings';
import type { Database } from '../../db/client';
import { auditLogs, globalSettings } from '../../db/schema';

type Row = typeof globalSettings.$inferSelect;

function toGlobalSettings(row: Row): GlobalSettings {
  return {
    aiModel: row.aiModel,
    chatgptMaxRequests: row.chatgptMaxRequests,
    retentionPolicy: row.retentionPolicyDays,
    analysisRetentionDays: row.analysisRetentionDays,
    autoAnalysisEnabled: row.autoAnalysisEnabled,
    autoAnalysisConfig: autoAnalysisConfig(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Stored config with the defaults filled in; a key from an older version is dropped, not fatal. */
function autoAnalysisConfig(row: Row): AutoAnalysisConfig {
  const known = autoAnalysisConfigSchema.keyof().options as string[];
  const stored = Object.fromEntries(
    Object.entries(row.autoAnalysisConfig).filter(([key]) => known.includes(key)),
  );
  const parsed = autoAnalysisConfigSchema.safeParse(stored);
  return parsed.success ? parsed.data : autoAnalysisConfigSchema.parse({});
}

/** The single global-settings row (id 1, created by the migrations). */
export function createSettingsService(db: Database) {
  async function row(): Promise<Row> {
    const [found] = await db.select().from(globalSettings).where(eq(globalSettings.id, 1));
    if (!found) throw new Error('global settings row is missing');
    return found;
  }

  return {
    async get(): Promise<GlobalSettings> {
      return toGlobalSettings(await row());
    },

    async autoAnalysisConfig(): Promise<AutoAnalysisConfig & { enabled: boolean }> {
      const current = await row();
      return { ...autoAnalysisConfig(current), enabled: current.autoAnalysisEnabled };
    },

    /** Applies a validated patch and records who changed what in the audit log, atomically. */
    async update(patch: GlobalSettingsPatch, userId: string): Promise<GlobalSettings> {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(globalSettings)
          .set({
            ...(patch.aiModel !== undefined && { aiModel: patch.aiModel }),
            ...(patch.chatgptMaxRequests !== undefined && { chatgptMaxRequests: patch.chatgptMaxRequests }),
            ...(patch.retentionPolicy !== undefined && { retentionPolicyDays: patch.retentionPolicy }),
            ...(patch.analysisRetentionDays !== undefined && {
              analysisRetentionDays: patch.analysisRetentionDays,
            }),
            ...(patch.autoAnalysisEnabled !== undefined && {
              autoAnalysisEnabled: patch.autoAnalysisEnabled,
            }),
            ...(patch.autoAnalysisConfig !== undefined && { autoAnalysisConfig: patch.autoAnalysisConfig }),
            updatedAt: new Date(),
            updatedBy: userId,
          })
          .where(eq(globalSettings.id, 1))
          .returning();
        if (!updated) throw new Error('global settings row is missing');
        await tx
          .insert(auditLogs)
          .values({ userId, action: 'global_settings.update', details: { changes: patch } });
        return toGlobalSettings(updated);
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
