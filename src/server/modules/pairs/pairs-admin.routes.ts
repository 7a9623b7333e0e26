import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { managePairsEndpoint, syncKrakenPairsEndpoint } from '../../../contract/admin-pairs';
import type { ViewerResolver } from '../auth/viewer';
import type { PairsAdmin } from './pairs-admin';

/** Admin-only (every /api/admin path is: http/route-auth.ts). */
export function registerPairsAdminRoutes(
  scope: FastifyInstance,
  deps: { pairsAdmin: PairsAdmin; viewers: ViewerResolver },
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    managePairsEndpoint.path,
    { schema: { body: managePairsEndpoint.body, response: { 200: managePairsEndpoint.response } } },
    async (request) => {
      const admin = await deps.viewers.requireAdmin(request);
      return deps.pairsAdmin.manage(request.body, admin.userId);
    },
  );
  app.post(
    syncKrakenPairsEndpoint.path,
    {
      schema: { body: syncKrakenPairsEndpoint.body, response: { 200: syncKrakenPairsEndpoint.response } },
    },
    async (request) => {
      const admin = await deps.viewers.requireAdmin(request);
      return deps.pairsAdmin.sync(admin.userId);
    },
  );
}
