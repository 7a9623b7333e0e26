import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { cents, createdAt, updatedAt } from './columns';
import type { PositionType, PreferenceRiskLevel } from './enums';

export interface NotificationPrefs {
  newOffer: boolean;
  tradeClose: boolean;
  highRisk: boolean;
  lowSuccess: boolean;
}

export const defaultNotificationPrefs: NotificationPrefs = {
  newOffer: true,
  tradeClose: true,
  highRisk: false,
  lowSuccess: false,
};

/** Trader spec section 3 "User preferences", defaults included; entry filters are cents. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    preferredPairs: text('preferred_pairs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    entryFilterMinCents: cents('entry_filter_min_cents').notNull().default(10_000),
    entryFilterMaxCents: cents('entry_filter_max_cents').notNull().default(100_000),
    autoTipPercent: doublePrecision('auto_tip_percent').notNull().default(5),
    preferredRiskLevels: text('preferred_risk_levels')
      .array()
      .$type<PreferenceRiskLevel[]>()
      .notNull()
      .default(sql`'{low,medium}'::text[]`),
    minSuccessRate: doublePrecision('min_success_rate').notNull().default(70),
    maxRiskScore: doublePrecision('max_risk_score').notNull().default(80),
    preferredPositionTypes: text('preferred_position_types')
      .array()
      .$type<PositionType[]>()
      .notNull()
      .default(sql`'{long}'::text[]`),
    minExpectedProfitPercent: doublePrecision('min_expected_profit_percent').notNull().default(2),
    maxVolatilityIndex: doublePrecision('max_volatility_index').notNull().default(50),
    defaultAutoCloseProfitPercent: doublePrecision('default_auto_close_profit_percent').notNull().default(5),
    notificationPrefs: jsonb('notification_prefs')
      .$type<NotificationPrefs>()
      .notNull()
      .default(defaultNotificationPrefs),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_preferences_updated_at_idx').on(t.updatedAt.desc()),
    check('user_preferences_entry_min_check', sql`${t.entryFilterMinCents} >= 0`),
    check('user_preferences_entry_max_check', sql`${t.entryFilterMaxCents} >= ${t.entryFilterMinCents}`),
    check('user_preferences_auto_tip_check', sql`${t.autoTipPercent} between 0 and 100`),
    check('user_preferences_min_success_check', sql`${t.minSuccessRate} between 0 and 100`),
    check('user_preferences_max_risk_check', sql`${t.maxRiskScore} between 0 and 100`),
  ],
);
