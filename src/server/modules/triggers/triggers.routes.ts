import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { manageTriggersEndpoint, triggerWebhookEndpoint } from '../../../contract/admin-triggers';
import type { ViewerResolver } from '../auth/viewer';
import type { TriggersService } from './triggers.service';

/**
 * `admin` goes into the admin scope (POST /api/admin/manage-triggers); `public` registers the
 * webhook (POST /api/triggers/webhook), which lives outside /api/admin so integrations have a
 * stable path, but still needs an admin bearer token — checked before the body is validated.
 */
export function registerTriggerRoutes(deps: { triggers: TriggersService; viewers: ViewerResolver }) {
  return {
    admin: (scope: FastifyInstance): void => {
      const app = scope.withTypeProvider<ZodTypeProvider>();
      app.post(
        manageTriggersEndpoint.path,
        {
          schema: {
            body: manageTriggersEndpoint.body,
            response: { 200: manageTriggersEndpoint.response },
          },
        },
        async (request) => {
          const admin = await deps.viewers.requireAdmin(request);
          return deps.triggers.manage(request.body, admin.userId);
        },
      );
    },

    public: (root: FastifyInstance): void => {
      const app = root.withTypeProvider<ZodTypeProvider>();
      app.post(
        triggerWebhookEndpoint.path,
        {
          onRequest: async (request) => {
            await deps.viewers.requireAdmin(request);
          },
          schema: {
            body: triggerWebhookEndpoint.body,
            response: { 200: triggerWebhookEndpoint.response },
          },
        },
        async (request) => {
          const admin = await deps.viewers.requireAdmin(request);
          return deps.triggers.fireWebhook(request.body, admin.userId);
        },
      );
    },
  };
}
