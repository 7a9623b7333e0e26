/** Referral set-up for integration tests of any module, through the real HTTP routes. */
import type { FastifyInstance } from 'fastify';
import type { ListReferralsResponse } from '../../../../contract/referrals';
import type { TestUser } from '../../../testing/test-app';

/** The account's own referral code, as GET /api/me answers it. */
export const referralCodeOf = async (app: FastifyInstance, user: TestUser) =>
  (await app.inject({ method: 'GET', url: '/api/me', headers: user.auth })).json<{ referralCode: string }>()
    .referralCode;

/** POST /api/referrals/create: `user` says `referralCode` referred them. */
export const applyReferralCode = (
  app: FastifyInstance,
  user: TestUser,
  referralCode: unknown,
  extra: object = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/referrals/create',
    headers: user.auth,
    payload: { referralCode, ...extra },
  });

/** The points of each of the account's referrals, as GET /api/referrals lists them. */
export const referralPointsOf = async (app: FastifyInstance, user: TestUser) =>
  (await app.inject({ method: 'GET', url: '/api/referrals', headers: user.auth }))
    .json<ListReferralsResponse>()
    .referrals.map((r) => r.points);
