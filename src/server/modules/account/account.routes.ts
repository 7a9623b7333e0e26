import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSION, meEndpoint, type Me } from '../../../contract/account';
import { userStatsEndpoint } from '../../../contract/payments';
import type { Config } from '../../config';
import type { ViewerResolver } from '../auth/viewer';
import { userStats } from './user-stats';

/** Who the trader is (GET /api/me) and how they stand (GET /api/payments/stats, 'Your Stats'). */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { viewers: ViewerResolver; config: Config } & Parameters<typeof userStats>[0],
): void {
  const { viewers } = deps;
  const emailVerificationRequired = deps.config.mail.verificationRequired;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    userStatsEndpoint.path,
    { schema: { response: { 200: userStatsEndpoint.response } } },
    async (request) => ({ data: await userStats(deps, (await viewers.requireUser(request)).userId) }),
  );
  typed.get(
    meEndpoint.path,
    { schema: { response: { 200: meEndpoint.response } } },
    async (request): Promise<Me> => {
      const viewer = await viewers.requireUser(request);
      return {
        id: viewer.userId,
        firstName: viewer.name.trim().split(/\s+/)[0] || null,
        username: viewer.username,
        email: viewer.email,
        emailVerified: viewer.emailVerified,
        emailVerificationRequired,
        twoFactorEnabled: viewer.twoFactorEnabled,
        publicMetadata: { permissions: viewer.isAdmin ? [ADMIN_PERMISSION] : [] },
        referralCode: viewer.referralCode ?? '',
        organizations: await viewers.organizationsOf(request),
        activeOrganizationId: viewer.activeOrganizationId,
      };
    },
  );
}
