import {
  autoAnalysisConfigSchema,
  type AutoAnalysisConfig,
  type GlobalSettings,
  type GlobalSettingsPatch,
} from '../../../contract/admin-settings';
import type { Guardrails } from '../../../contract/trades';
import type { Database, Queryable } from '../../db/client';
import { isBusEvent, type EventBus } from '../../realtime/event-bus';
import { createReadCache } from '../../shared/read-cache';
import type { LogsService } from '../logs/logs.service';
import { createSettingsRepo, type GlobalSettingsRow as Row } from './settings.repo';
import { createTradingHaltWrites, publicHaltOf, tradingHaltOf, type TradingHaltState } from './trading-halt';

function toGlobalSettings(row: Row): GlobalSettings {
  return {
    aiModel: row.aiModel,
    chatgptMaxRequests: row.chatgptMaxRequests,
    retentionPolicy: row.retentionPolicyDays,
    analysisRetentionDays: row.analysisRetentionDays,
    autoAnalysisEnabled: row.autoAnalysisEnabled,
    autoAnalysisConfig: autoAnalysisConfig(row),
    guardrails: guardrailsOf(row),
    requireAdminTwoFactor: row.requireAdminTwoFactor,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function guardrailsOf(row: Row): Guardrails {
  return {
    maxOpenTrades: row.maxOpenTrades,
    dailyLossCapPercent: row.dailyLossCapPercent,
    lossStreakLimit: row.lossStreakLimit,
    cooldownMinutes: row.cooldownMinutes,
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

/** The keys of `values` that are set (a PATCH of guardrails may change any of the four). */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Bounds a copy's age only if an eviction message between processes is lost. */
export const SETTINGS_CACHE_MS = 30_000;

/**
 * The global settings; every change is audited in the same transaction. The row is read on every
 * accept (guardrails) and analysis (thresholds), so it is held in process: a change evicts it here
 * after the commit and, through `settings_changed` on the bus, in every other process.
 */
export function createSettingsService(deps: {
  db: Database;
  logs: Pick<LogsService, 'audit'>;
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
}) {
  const { db, logs, bus } = deps;
  const repo = createSettingsRepo(db);
  const cache = createReadCache<Row>({ ttlMs: SETTINGS_CACHE_MS });
  const row = () => cache.get('settings', () => repo.row());
  bus.subscribe((message) => {
    if (isBusEvent(message, 'settings_changed')) cache.clear();
  });
  const changed = (updatedAt: Date) => {
    cache.clear();
    bus.publish('settings_changed', { updatedAt: updatedAt.toISOString() });
  };
  const halts = createTradingHaltWrites({
    db,
    logs,
    afterChange: (halt) => {
      changed(new Date());
      bus.publish('trading_halt', publicHaltOf(halt), ['traders']);
    },
  });

  return {
    /**
     * The organisation whose owners and admins are HeatSignal's admins (auth decides who that is).
     * Read from the database, never the cached row: the claim commits inside the caller's transaction.
     */
    operatorOrganizationId: () => repo.operatorOrganizationId(),
    /** Inside the caller's transaction: only the first organisation ever claimed becomes the operator. */
    claimOperatorOrganization: (organizationId: string, tx: Queryable) =>
      repo.claimOperatorOrganization(organizationId, tx),

    async get(): Promise<GlobalSettings> {
      return toGlobalSettings(await row());
    },

    /** Whether every admin call is refused to an admin without two-factor (read on each one). */
    adminTwoFactorRequired: async (): Promise<boolean> => (await row()).requireAdminTwoFactor,

    /** The trading guardrails every accept is checked against. */
    async guardrails(): Promise<Guardrails> {
      return guardrailsOf(await row());
    },

    /** The kill switch (trading-halt.ts), as cached with the rest of the row. */
    tradingHalt: async (): Promise<TradingHaltState> => tradingHaltOf(await row()),
    haltTrading: halts.halt,
    resumeTrading: halts.resume,

    async autoAnalysisConfig(): Promise<AutoAnalysisConfig & { enabled: boolean }> {
      const current = await row();
      return { ...autoAnalysisConfig(current), enabled: current.autoAnalysisEnabled };
    },

    /** Applies a validated patch and records who changed what in the audit log, atomically. */
    async update(patch: GlobalSettingsPatch, userId: string): Promise<GlobalSettings> {
      const after = await db.transaction(async (tx) => {
        const before = toGlobalSettings(await createSettingsRepo(tx).row({ lock: 'update' }));
        const updated = await repo.update(
          {
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
            ...(patch.requireAdminTwoFactor !== undefined && {
              requireAdminTwoFactor: patch.requireAdminTwoFactor,
            }),
            ...definedOnly(patch.guardrails ?? {}),
            updatedAt: new Date(),
            updatedBy: userId,
          },
          tx,
        );
        const after = toGlobalSettings(updated);
        await logs.audit(
          { userId, action: 'global_settings.update', details: { changes: patch, before, after } },
          tx,
        );
        return after;
      });
      changed(new Date(after.updatedAt));
      return after;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
