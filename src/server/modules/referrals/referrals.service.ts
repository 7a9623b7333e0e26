import {
  INVALID_REFERRAL_CODE_MESSAGE,
  LEADERBOARD_SIZE,
  REFERRAL_ALREADY_USED_MESSAGE,
  REFERRAL_POINTS,
  type CreateReferralInput,
  type LeaderboardResponse,
  type ListReferralsQuery,
  type ListReferralsResponse,
  type ReferralRecord,
} from '../../../contract/referrals';
import type { Database, Queryable } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import type { UsersService } from '../auth/users.service';
import { createReferralsRepo, type ReferralRow } from './referrals.repo';

export interface ReferralsDeps {
  db: Database;
  /** Code owners and usernames live with the auth module. */
  users: Pick<UsersService, 'userIdByReferralCode' | 'usernames'>;
}

const toRecord = (row: ReferralRow): ReferralRecord => ({
  id: row.id,
  referrerId: row.referrerId,
  referredId: row.referredId,
  points: row.points,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The referral programme: a user applies another's code once; the referrer earns
 * REFERRAL_POINTS.signUp at once and REFERRAL_POINTS.firstDeposit when the referred user's first
 * deposit completes. Every read is of the caller's own referrals, except the leaderboard.
 */
export function createReferralsService({ db, users }: ReferralsDeps) {
  const repo = createReferralsRepo(db);

  return {
    async create(userId: string, input: CreateReferralInput): Promise<ReferralRecord> {
      const referrerId = await users.userIdByReferralCode(input.referralCode);
      // Unknown and own codes read the same: the answer tells nothing about other users' codes.
      if (!referrerId || referrerId === userId) throw badRequest(INVALID_REFERRAL_CODE_MESSAGE);
      const row = await repo.insert({
        referrerId,
        referredId: userId,
        code: input.referralCode,
        points: REFERRAL_POINTS.signUp,
        campaign: input.campaign || null,
      });
      if (!row) throw conflict(REFERRAL_ALREADY_USED_MESSAGE);
      return toRecord(row);
    },

    async list(userId: string, page: ListReferralsQuery): Promise<ListReferralsResponse> {
      const { rows, total } = await repo.listInvolving(userId, page);
      return { referrals: rows.map(toRecord), total };
    },

    async leaderboard(): Promise<LeaderboardResponse> {
      const top = await repo.topReferrers(LEADERBOARD_SIZE);
      const names = await users.usernames(top.map((row) => row.userId));
      return {
        leaderboard: top.map((row) => ({
          userId: row.userId,
          username: names.get(row.userId) || 'Anonymous',
          totalReferralPoints: row.totalPoints,
        })),
      };
    },

    /**
     * For the payments module when a user's first deposit completes (pass its transaction as
     * `queryable` to award inside it). Adds REFERRAL_POINTS.firstDeposit to the user's referral
     * exactly once, however often or concurrently it is called; false when nothing was added
     * (not referred, or already awarded).
     */
    awardFirstDeposit(referredUserId: string, queryable: Queryable = db): Promise<boolean> {
      return repo.awardFirstDeposit(queryable, referredUserId, REFERRAL_POINTS.firstDeposit);
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
