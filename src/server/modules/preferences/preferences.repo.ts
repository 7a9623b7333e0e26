import { eq, sql } from 'drizzle-orm';
import { PREFERENCE_DEFAULTS } from '../../../contract/preferences';
import type { Database, Queryable } from '../../db/client';
import { userPreferences } from '../../db/schema';

export type PreferencesRow = typeof userPreferences.$inferSelect;
export type PreferencesValues = Omit<
  typeof userPreferences.$inferInsert,
  'userId' | 'createdAt' | 'updatedAt'
>;

/** The offer's fields a trader's preferences judge. */
export interface OfferForMatching {
  pair: string;
  positionType: string;
  riskLevel: string;
  successRate: number;
  expectedProfitPercent: number;
}

/** A trader an offer concerns: it `matches` their preferences, and they asked to be told (`notify`). */
export interface OfferRecipientRow {
  userId: string;
  matches: boolean;
  notify: boolean;
}

const HIGH_RISK = ['high', 'very_high'];
/** A PostgreSQL array literal of plain words (drizzle would spread a JS array into a list). */
const textArray = (words: readonly string[]) => `{${words.join(',')}}`;

export function createPreferencesRepo(db: Database) {
  return {
    /**
     * Every trader an offer concerns, in one statement (a trader with no saved row has the
     * defaults). It matches when its pair (if they chose pairs), position type, risk level, success
     * rate and expected profit all pass their preferences; they are told of it when it matches and
     * `newOffer` is on, or, with `highRisk` on, when it is high risk, or, with `lowSuccess` on,
     * when only its success rate falls short.
     */
    async recipientsOfOffer(offer: OfferForMatching): Promise<OfferRecipientRow[]> {
      const D = PREFERENCE_DEFAULTS;
      const flag = (name: string, fallback: boolean) =>
        sql`coalesce((p.notification_prefs ->> ${name})::boolean, ${fallback})`;
      const rows = await db.execute<{ user_id: string; matches: boolean; notify: boolean }>(sql`
        with judged as (
          select u.id as user_id,
            (cardinality(coalesce(p.preferred_pairs, '{}'::text[])) = 0
              or ${offer.pair} = any(p.preferred_pairs))
            and ${offer.positionType} = any(coalesce(p.preferred_position_types, ${textArray(D.preferredPositionTypes)}::text[]))
            and ${offer.expectedProfitPercent} >= coalesce(p.min_expected_profit_percent, ${D.minExpectedProfitPercent})
              as base,
            ${offer.riskLevel} = any(coalesce(p.preferred_risk_levels, ${textArray(D.preferredRiskLevels)}::text[])) as risk_ok,
            ${offer.successRate} >= coalesce(p.min_success_rate, ${D.minSuccessRate}) as success_ok,
            ${flag('newOffer', D.notificationPrefs.newOffer)} as new_offer,
            ${flag('highRisk', D.notificationPrefs.highRisk)} as high_risk,
            ${flag('lowSuccess', D.notificationPrefs.lowSuccess)} as low_success
          from "user" u left join user_preferences p on p.user_id = u.id
        )
        select user_id,
          base and risk_ok and success_ok as matches,
          base and (
            (new_offer and risk_ok and success_ok)
            or (high_risk and ${HIGH_RISK.includes(offer.riskLevel)} and success_ok)
            or (low_success and risk_ok and not success_ok)
          ) as notify
        from judged
        where base and ((risk_ok and success_ok)
          or (high_risk and ${HIGH_RISK.includes(offer.riskLevel)} and success_ok)
          or (low_success and risk_ok and not success_ok))
      `);
      return rows.rows.map((r) => ({ userId: r.user_id, matches: r.matches, notify: r.notify }));
    },

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
