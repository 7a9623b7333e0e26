import { z } from 'zod';
import { isoDateTimeSchema, offsetLimitQuery, singleLineText, totalSchema } from './common';

export const referralRecordSchema = z.object({
  id: z.string(),
  referrerId: z.string(),
  referredId: z.string(),
  points: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export type ReferralRecord = z.infer<typeof referralRecordSchema>;

export const listReferralsQuerySchema = offsetLimitQuery(50);
export type ListReferralsQuery = z.infer<typeof listReferralsQuerySchema>;

export const listReferralsResponseSchema = z.object({
  referrals: z.array(referralRecordSchema),
  total: totalSchema,
});
export type ListReferralsResponse = z.infer<typeof listReferralsResponseSchema>;

/** Referrals where the caller is referrer or referred, newest first. */
export const listReferralsEndpoint = {
  method: 'GET',
  path: '/api/referrals',
  query: listReferralsQuerySchema,
  response: listReferralsResponseSchema,
} as const;

export const LEADERBOARD_SIZE = 50;

export const leaderboardRowSchema = z.object({
  userId: z.string(),
  /** 'Anonymous' when the user has no username. */
  username: z.string(),
  totalReferralPoints: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardResponseSchema = z.object({ leaderboard: z.array(leaderboardRowSchema) });
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/** Top 50 referrers by total points (only those above 0); ties in user id order. */
export const leaderboardEndpoint = {
  method: 'GET',
  path: '/api/referrals/leaderboard',
  response: leaderboardResponseSchema,
} as const;

export const REFERRAL_CODE_MESSAGE = 'Referral code must be 6-20 alphanumeric characters';

/** Forced to upper case, then 6-20 of A-Z / 0-9. */
export const referralCodeSchema = singleLineText({ error: REFERRAL_CODE_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,20}$/, REFERRAL_CODE_MESSAGE);

/**
 * Points a referrer earns per person they bring: `signUp` when the person applies the code,
 * `firstDeposit` once more when that person's first deposit completes after the code was applied
 * (a deposit made before the code was applied earns nothing). A referral row holds the sum.
 */
export const REFERRAL_POINTS = { signUp: 10, firstDeposit: 50 } as const;

export const INVALID_REFERRAL_CODE_MESSAGE = 'Invalid referral code';
export const REFERRAL_ALREADY_USED_MESSAGE = 'You have already used a referral code';

export const createReferralInputSchema = z.object({
  referralCode: referralCodeSchema,
  /** The `?campaign=` a referral landing remembered with the code (an addition to the spec). */
  campaign: singleLineText().trim().max(100).optional(),
});
export type CreateReferralInput = z.infer<typeof createReferralInputSchema>;

export const createReferralResponseSchema = z.object({ referral: referralRecordSchema });
export type CreateReferralResponse = z.infer<typeof createReferralResponseSchema>;

/**
 * Records the caller as referred by the code's owner. Unknown or own code: 400 'Invalid referral
 * code'; a caller already referred: 409 'You have already used a referral code'.
 */
export const createReferralEndpoint = {
  method: 'POST',
  path: '/api/referrals/create',
  body: createReferralInputSchema,
  response: createReferralResponseSchema,
} as const;
