import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { organization, user } from './auth';
import { timestamptz, updatedAt } from './columns';

/** Thresholds for the scheduler and offer creation, validated by the settings service. */
export type AutoAnalysisConfig = Record<string, unknown>;

/**
 * Platform settings: a single row with id = 1, inserted by the migrations, so readers never
 * have to handle "no settings yet". Defaults here are the product defaults.
 */
export const globalSettings = pgTable(
  'global_settings',
  {
    id: integer('id').primaryKey().default(1),
    aiModel: text('ai_model').notNull().default('gpt-4o-mini'),
    chatgptMaxRequests: integer('chatgpt_max_requests').notNull().default(100),
    retentionPolicyDays: integer('retention_policy_days').notNull().default(90),
    analysisRetentionDays: integer('analysis_retention_days').notNull().default(7),
    autoAnalysisEnabled: boolean('auto_analysis_enabled').notNull().default(true),
    autoAnalysisConfig: jsonb('auto_analysis_config').$type<AutoAnalysisConfig>().notNull().default({}),
    // Trading guardrails (contract trades.ts GUARDRAIL_DEFAULTS), enforced on every accept.
    maxOpenTrades: integer('max_open_trades').notNull().default(5),
    dailyLossCapPercent: doublePrecision('daily_loss_cap_percent').notNull().default(10),
    lossStreakLimit: integer('loss_streak_limit').notNull().default(3),
    cooldownMinutes: integer('cooldown_minutes').notNull().default(60),
    /** Every admin call is refused to an admin without two-factor while this is on. */
    requireAdminTwoFactor: boolean('require_admin_two_factor').notNull().default(false),
    /**
     * The kill switch: while set, every new accept (paper and live) is refused with the reason,
     * which traders also see on the offers screen. Open trades keep their exits.
     */
    tradingHaltedAt: timestamptz('trading_halted_at'),
    tradingHaltReason: text('trading_halt_reason'),
    tradingHaltedBy: text('trading_halted_by').references(() => user.id, { onDelete: 'set null' }),
    /** The organisation whose owners/admins are platform admins (DESIGN: Accounts). */
    operatorOrganizationId: text('operator_organization_id').references(() => organization.id, {
      onDelete: 'set null',
    }),
    updatedAt: updatedAt(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('global_settings_singleton_check', sql`${t.id} = 1`),
    check('global_settings_max_requests_check', sql`${t.chatgptMaxRequests} >= 1`),
    check('global_settings_retention_check', sql`${t.retentionPolicyDays} >= 1`),
    check('global_settings_analysis_retention_check', sql`${t.analysisRetentionDays} >= 1`),
    check('global_settings_max_open_trades_check', sql`${t.maxOpenTrades} >= 1`),
    check(
      'global_settings_daily_loss_cap_check',
      sql`${t.dailyLossCapPercent} > 0 and ${t.dailyLossCapPercent} <= 100`,
    ),
    check('global_settings_loss_streak_check', sql`${t.lossStreakLimit} >= 1`),
    check('global_settings_cooldown_check', sql`${t.cooldownMinutes} >= 1`),
    // Halted means halted for a stated reason: both or neither.
    check(
      'global_settings_trading_halt_check',
      sql`(${t.tradingHaltedAt} is null) = (${t.tradingHaltReason} is null)`,
    ),
  ],
);
