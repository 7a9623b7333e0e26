import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';

/**
 * Who brought whom. A user can be referred once (`referred_id` unique); `code` is the referrer's
 * code as entered (the user's own code lives on `user.referral_code`). `points` is what this
 * referral has earned its referrer so far (REFERRAL_POINTS in the contract); the first-deposit
 * bonus is added once, by the conditional update that sets `first_deposit_awarded_at`.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    referredId: text('referred_id')
      .notNull()
      .unique('referrals_referred_id_uq')
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    points: integer('points').notNull().default(0),
    campaign: text('campaign'),
    firstDepositAwardedAt: timestamptz('first_deposit_awarded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('referrals_referrer_id_created_at_idx').on(t.referrerId, t.createdAt.desc()),
    // The leaderboard sums points per referrer from this index alone (an index-only scan).
    index('referrals_referrer_id_points_idx').on(t.referrerId, t.points),
    check('referrals_not_self_check', sql`${t.referrerId} <> ${t.referredId}`),
    check('referrals_points_check', sql`${t.points} >= 0`),
  ],
);
