import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeysEndpoint, createApiKeyEndpoint, revokeApiKeyEndpoint } from '../../../contract/api-keys';
import type { ApiKeysService } from './api-keys.service';
import type { ViewerResolver } from './viewer';

/**
 * The caller's own personal API keys (Settings): list, create (the key is in that answer only) and
 * revoke. Signed-in sessions only: the contract gives keys no access here (`apiKey: 'none'`).
 */
export function registerApiKeyRoutes(
  scope: FastifyInstance,
  deps: { apiKeys: ApiKeysService; viewers: ViewerResolver },
): void {
  const { apiKeys, viewers } = deps;
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiKeysEndpoint.path,
    { schema: { response: { 200: apiKeysEndpoint.response } } },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      return { apiKeys: await apiKeys.list(viewer.userId) };
    },
  );
  app.post(
    createApiKeyEndpoint.path,
    {
      schema: { body: createApiKeyEndpoint.body, response: { 200: createApiKeyEndpoint.response } },
    },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      return apiKeys.create(viewer.userId, request.body);
    },
  );
  app.delete(
    revokeApiKeyEndpoint.path,
    {
      schema: { params: revokeApiKeyEndpoint.params, response: { 200: revokeApiKeyEndpoint.response } },
    },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      return { apiKey: await apiKeys.revoke(viewer.userId, request.params.id) };
    },
  );
}
