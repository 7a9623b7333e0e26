import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import type { ViewerResolver } from '../auth/viewer';

/**
 * Every /api/admin/* call passes the admin check before anything else runs, including unknown
 * paths, so a non-admin learns nothing about which admin calls exist.
 */
export async function registerAdminScope(
  app: FastifyInstance,
  deps: { viewers: ViewerResolver; routes: ((scope: FastifyInstance) => void)[] },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      await deps.viewers.requireAdmin(request);
    });
    for (const register of deps.routes) register(scope);
    scope.all('/api/admin/*', async () => {
      throw notFound();
    });
  });
}
