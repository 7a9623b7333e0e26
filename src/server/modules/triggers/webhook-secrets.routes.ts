import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createWebhookSecretEndpoint,
  deleteWebhookSecretEndpoint,
  listWebhookSecretsEndpoint,
} from '../../../contract/admin-triggers';
import type { ViewerResolver } from '../auth/viewer';
import type { WebhookSecretsService } from './webhook-secrets.service';

/** /api/admin/webhook-secrets: admins only (the route guard answers 401/403 first). */
export function registerWebhookSecretRoutes(
  scope: FastifyInstance,
  deps: {
    webhookSecrets: WebhookSecretsService;
    viewers: ViewerResolver;
  },
) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    createWebhookSecretEndpoint.path,
    {
      schema: {
        body: createWebhookSecretEndpoint.body,
        response: { 200: createWebhookSecretEndpoint.response },
      },
    },
    async (request) => {
      const admin = await deps.viewers.requireAdmin(request);
      return deps.webhookSecrets.create(request.body.label, admin.userId);
    },
  );
  app.get(
    listWebhookSecretsEndpoint.path,
    { schema: { response: { 200: listWebhookSecretsEndpoint.response } } },
    async () => ({ secrets: await deps.webhookSecrets.list() }),
  );
  app.delete(
    deleteWebhookSecretEndpoint.path,
    {
      schema: {
        params: deleteWebhookSecretEndpoint.params,
        response: { 200: deleteWebhookSecretEndpoint.response },
      },
    },
    async (request) => {
      const admin = await deps.viewers.requireAdmin(request);
      await deps.webhookSecrets.remove(request.params.id, admin.userId);
      return { ok: true as const };
    },
  );
}
