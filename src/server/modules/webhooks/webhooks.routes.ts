import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createWebhookEndpointEndpoint,
  deleteWebhookEndpointEndpoint,
  listWebhookDeliveriesEndpoint,
  listWebhookEndpointsEndpoint,
  rotateWebhookSecretEndpoint,
  sendWebhookTestEndpoint,
  updateWebhookEndpointEndpoint,
} from '../../../contract/webhooks';
import type { ViewerResolver } from '../auth/viewer';
import type { WebhooksService } from './webhooks.service';

/** The caller's own webhook endpoints and their delivery logs; another trader's id is a 404. */
export function registerWebhookRoutes(
  scope: FastifyInstance,
  deps: { webhooks: WebhooksService; viewers: ViewerResolver },
): void {
  const { webhooks, viewers } = deps;
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const userOf = async (request: Parameters<ViewerResolver['requireUser']>[0]) =>
    (await viewers.requireUser(request)).userId;

  app.get(
    listWebhookEndpointsEndpoint.path,
    { schema: { response: { 200: listWebhookEndpointsEndpoint.response } } },
    async (request) => ({ endpoints: await webhooks.list(await userOf(request)) }),
  );
  app.post(
    createWebhookEndpointEndpoint.path,
    {
      schema: {
        body: createWebhookEndpointEndpoint.body,
        response: { 200: createWebhookEndpointEndpoint.response },
      },
    },
    async (request) => webhooks.create(await userOf(request), request.body),
  );
  app.patch(
    updateWebhookEndpointEndpoint.path,
    {
      schema: {
        params: updateWebhookEndpointEndpoint.params,
        body: updateWebhookEndpointEndpoint.body,
        response: { 200: updateWebhookEndpointEndpoint.response },
      },
    },
    async (request) => ({
      endpoint: await webhooks.update(await userOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    deleteWebhookEndpointEndpoint.path,
    {
      schema: {
        params: deleteWebhookEndpointEndpoint.params,
        response: { 200: deleteWebhookEndpointEndpoint.response },
      },
    },
    async (request) => {
      await webhooks.remove(await userOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    rotateWebhookSecretEndpoint.path,
    {
      schema: {
        params: rotateWebhookSecretEndpoint.params,
        body: rotateWebhookSecretEndpoint.body,
        response: { 200: rotateWebhookSecretEndpoint.response },
      },
    },
    async (request) => webhooks.rotateSecret(await userOf(request), request.params.id),
  );
  app.post(
    sendWebhookTestEndpoint.path,
    {
      schema: {
        params: sendWebhookTestEndpoint.params,
        body: sendWebhookTestEndpoint.body,
        response: { 200: sendWebhookTestEndpoint.response },
      },
    },
    async (request) => ({ delivery: await webhooks.sendTest(await userOf(request), request.params.id) }),
  );
  app.get(
    listWebhookDeliveriesEndpoint.path,
    {
      schema: {
        params: listWebhookDeliveriesEndpoint.params,
        querystring: listWebhookDeliveriesEndpoint.query,
        response: { 200: listWebhookDeliveriesEndpoint.response },
      },
    },
    async (request) => ({
      deliveries: await webhooks.deliveries(await userOf(request), request.params.id, request.query.limit),
    }),
  );
}
