import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactEndpoint } from '../../../contract/contact';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { RateLimits } from '../../http/rate-limits';
import type { ViewerResolver } from '../auth/viewer';

export function registerContactRoutes(
  app: FastifyInstance,
  deps: { db: Database; viewers: ViewerResolver; rateLimits: RateLimits },
): void {
  const { db, viewers, rateLimits } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    contactEndpoint.path,
    {
      schema: { body: contactEndpoint.body, response: { 200: contactEndpoint.response } },
      config: { rateLimit: rateLimits.contact },
    },
    async (request) => {
      // Signed-in senders are linked to their account; anyone may write.
      const viewer = await viewers.viewerOf(request);
      await db.insert(contactMessages).values({ ...request.body, userId: viewer?.userId ?? null });
      return { ok: true as const };
    },
  );
}
