import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { referrals } from '../../db/schema';

export type ReferralRow = typeof referrals.$inferSelect;
export type NewReferral = Pick<
  typeof referrals.$inferInsert,
  'referrerId' | 'referredId' | 'code' | 'points' | 'campaign'
>;

const involves = (userId: string) => or(eq(referrals.referrerId, userId), eq(referrals.referredId, userId));

export function createReferralsRepo(db: Database) {
  return {
    /** Null when the referred user already has a referral (the unique `referred_id` decides). */
    async insert(referral: NewReferral): Promise<ReferralRow | null> {
      const [row] = await db
        .insert(referrals)
        .values(referral)
        .onConflictDoNothing({ target: referrals.referredId })
        .returning();
      return row ?? null;
    },

    /** Rows where the user is referrer or referred, newest first, and how many there are. */
    async listInvolving(userId: string, page: { offset: number; limit: number }) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(referrals)
          .where(involves(userId))
          .orderBy(desc(referrals.createdAt), desc(referrals.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ total: count() }).from(referrals).where(involves(userId)),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * Referrers by summed points, highest first, ties by user id; only sums above 0. One
     * aggregate over the (referrer_id, points) index.
     */
    async topReferrers(limit: number): Promise<{ userId: string; totalPoints: number }[]> {
      const total = sql<number>`sum(${referrals.points})`.mapWith(Number);
      return db
        .select({ userId: referrals.referrerId, totalPoints: total })
        .from(referrals)
        .groupBy(referrals.referrerId)
        .having(sql`sum(${referrals.points}) > 0`)
        .orderBy(desc(total), referrals.referrerId)
        .limit(limit);
    },

    /**
     * Adds `points` to the user's referral unless its first deposit was already rewarded. The
     * condition sits in the UPDATE itself: a concurrent second call waits for the first's row
     * lock, re-reads the row, finds the column set and changes nothing.
     */
    async awardFirstDeposit(queryable: Queryable, referredId: string, points: number): Promise<boolean> {
      const rows = await queryable
        .update(referrals)
        .set({ points: sql`${referrals.points} + ${points}`, firstDepositAwardedAt: sql`now()` })
        .where(and(eq(referrals.referredId, referredId), isNull(referrals.firstDepositAwardedAt)))
        .returning({ id: referrals.id });
      return rows.length > 0;
    },
  };
}

export type ReferralsRepo = ReturnType<typeof createReferralsRepo>;
