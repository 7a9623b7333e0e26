import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactEndpoint } from '../../../contract/contact';
import type { RateLimits } from '../../http/rate-limits';
import type { ViewerResolver } from '../auth/viewer';
import type { ContactService } from './contact.service';

export function registerContactRoutes(
  app: FastifyInstance,
  deps: { contact: ContactService; viewers: ViewerResolver; rateLimits: RateLimits },
): void {
  const { contact, viewers, rateLimits } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    contactEndpoint.path,
    {
      schema: { body: contactEndpoint.body, response: { 200: contactEndpoint.response } },
      config: { rateLimit: rateLimits.contact },
    },
    async (request) => {
      // Signed-in senders are linked to their account; anyone may write.
      const viewer = await viewers.viewerOf(request);
      await contact.send(request.body, viewer?.userId ?? null);
      return { ok: true as const };
    },
  );
}
