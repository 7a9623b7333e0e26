import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTelegramLinkCodeEndpoint,
  telegramStatusEndpoint,
  unlinkTelegramEndpoint,
} from '../../../contract/telegram';
import type { ViewerResolver } from '../auth/viewer';
import type { TelegramService } from './telegram.service';

/**
 * The caller's own Telegram link (Settings): its state, a one-time code (shown in that answer
 * only) and unlinking. Signed-in sessions only (`apiKey: 'none'`).
 */
export function registerTelegramRoutes(
  scope: FastifyInstance,
  deps: { telegram: TelegramService; viewers: ViewerResolver },
): void {
  const { telegram, viewers } = deps;
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    telegramStatusEndpoint.path,
    { schema: { response: { 200: telegramStatusEndpoint.response } } },
    async (request) => telegram.status((await viewers.requireUser(request)).userId),
  );
  app.post(
    createTelegramLinkCodeEndpoint.path,
    {
      schema: {
        body: createTelegramLinkCodeEndpoint.body,
        response: { 200: createTelegramLinkCodeEndpoint.response },
      },
    },
    async (request) => telegram.createLinkCode((await viewers.requireUser(request)).userId),
  );
  app.delete(
    unlinkTelegramEndpoint.path,
    { schema: { body: unlinkTelegramEndpoint.body, response: { 200: unlinkTelegramEndpoint.response } } },
    async (request) => {
      await telegram.unlink((await viewers.requireUser(request)).userId);
      return { ok: true as const };
    },
  );
}
