import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createReferralEndpoint,
  leaderboardEndpoint,
  listReferralsEndpoint,
} from '../../../contract/referrals';
import type { ViewerResolver } from '../auth/viewer';
import type { ReferralsService } from './referrals.service';

/** Trader routes: no id in any path; each call acts on the caller's own referrals. */
export function registerReferralRoutes(
  app: FastifyInstance,
  deps: { referrals: ReferralsService; viewers: ViewerResolver },
): void {
  const { referrals, viewers } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    listReferralsEndpoint.path,
    {
      schema: {
        querystring: listReferralsEndpoint.query,
        response: { 200: listReferralsEndpoint.response },
      },
    },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      return referrals.list(viewer.userId, request.query);
    },
  );
  typed.get(leaderboardEndpoint.path, { schema: { response: { 200: leaderboardEndpoint.response } } }, () =>
    referrals.leaderboard(),
  );
  typed.post(
    createReferralEndpoint.path,
    {
      schema: { body: createReferralEndpoint.body, response: { 200: createReferralEndpoint.response } },
    },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      return { referral: await referrals.create(viewer.userId, request.body) };
    },
  );
}
