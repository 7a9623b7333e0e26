import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSION, meEndpoint, type Me } from '../../../contract/account';
import type { ViewerResolver } from '../auth/viewer';

export function registerAccountRoutes(app: FastifyInstance, deps: { viewers: ViewerResolver }): void {
  const { viewers } = deps;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      meEndpoint.path,
      { schema: { response: { 200: meEndpoint.response } } },
      async (request): Promise<Me> => {
        const viewer = await viewers.requireUser(request);
        return {
          id: viewer.userId,
          firstName: viewer.name.trim().split(/\s+/)[0] || null,
          username: viewer.username,
          email: viewer.email,
          publicMetadata: { permissions: viewer.isAdmin ? [ADMIN_PERMISSION] : [] },
          referralCode: viewer.referralCode ?? '',
          organizations: await viewers.organizationsOf(request),
          activeOrganizationId: viewer.activeOrganizationId,
        };
      },
    );
}
