import fp from 'fastify-plugin';
import { registerReferralRoutes } from './referrals.routes';
import { createReferralsService, type ReferralsService } from './referrals.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Referral codes, points and the leaderboard. */
    referrals: ReferralsService;
  }
}

export const referralsPlugin = fp(
  async (app) => {
    const referrals = createReferralsService({ db: app.db, users: app.users });
    app.decorate('referrals', referrals);
    // The referrer's points for a first deposit are part of the deposit: same transaction.
    app.events.on('first_deposit', async ({ userId, tx }) => {
      await referrals.awardFirstDeposit(userId, tx);
    });
    registerReferralRoutes(app, { referrals, viewers: app.viewers });
  },
  { name: 'referrals', dependencies: ['core', 'auth'] },
);
