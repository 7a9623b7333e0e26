import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  manageTriggersEndpoint,
  triggerWebhookEndpoint,
  webhookSignatureHeaders,
} from '../../../contract/admin-triggers';
import { badRequest } from '../../http/errors';
import { rawBodyOf, registerRawBodyRoutes } from '../../http/raw-body';
import type { ViewerResolver } from '../auth/viewer';
import type { TriggersService } from './triggers.service';
import type { WebhookSecretsService } from './webhook-secrets.service';

/**
 * POST /api/admin/manage-triggers (admins), and the webhook POST /api/triggers/webhook, which
 * lives outside /api/admin so integrations have a stable path. The webhook takes no session: its
 * raw body must carry a valid HMAC signature by a signing key an admin created, checked before the
 * body is even parsed.
 */
export function registerTriggerRoutes(
  root: FastifyInstance,
  deps: {
    triggers: TriggersService;
    viewers: ViewerResolver;
    webhookSecrets: WebhookSecretsService;
  },
): void {
  root.withTypeProvider<ZodTypeProvider>().post(
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

  registerRawBodyRoutes(root, (scope) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        triggerWebhookEndpoint.path,
        { schema: { response: { 200: triggerWebhookEndpoint.response } } },
        async (request) => {
          const raw = rawBodyOf(request);
          const header = (name: string) => {
            const value = request.headers[name];
            return typeof value === 'string' ? value : undefined;
          };
          const { userId } = await deps.webhookSecrets.authenticate(
            {
              keyId: header(webhookSignatureHeaders.keyId),
              timestamp: header(webhookSignatureHeaders.timestamp),
              signature: header(webhookSignatureHeaders.signature),
            },
            raw,
          );
          const input = triggerWebhookEndpoint.body.safeParse(parseJson(raw));
          if (!input.success) {
            throw badRequest(
              input.error.issues
                .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
                .join('; '),
            );
          }
          return deps.triggers.fireWebhook(input.data, userId);
        },
      );
  });
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw badRequest('Malformed JSON body');
  }
}
