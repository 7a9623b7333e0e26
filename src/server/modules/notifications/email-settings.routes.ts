import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  getEmailSettingsEndpoint,
  unsubscribeEndpoint,
  unsubscribeOneClickEndpoint,
  updateEmailSettingsEndpoint,
} from '../../../contract/notifications';
import { badRequest } from '../../http/errors';
import type { ViewerResolver } from '../auth/viewer';
import type { EmailSettingsService } from './email-settings.service';
import { MAIL_KIND_NAMES } from './notification-mail';
import { unsubscribedPage } from './unsubscribe-page';

const BAD_LINK = 'This unsubscribe link is not valid: open Settings to choose your emails';

/**
 * The caller's own mail choices, and the unsubscribe link of each mail (public: its signed token
 * names the trader and the kind of mail, and a token not signed here changes nothing).
 */
export async function registerEmailSettingsRoutes(
  app: FastifyInstance,
  deps: { emailSettings: EmailSettingsService; viewers: ViewerResolver; publicUrl: string },
): Promise<void> {
  const { emailSettings, viewers } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    getEmailSettingsEndpoint.path,
    { schema: { response: { 200: getEmailSettingsEndpoint.response } } },
    async (request) => emailSettings.get((await viewers.requireUser(request)).userId),
  );
  typed.put(
    updateEmailSettingsEndpoint.path,
    {
      schema: {
        body: updateEmailSettingsEndpoint.body,
        response: { 200: updateEmailSettingsEndpoint.response },
      },
    },
    async (request) => emailSettings.save((await viewers.requireUser(request)).userId, request.body),
  );

  // A mail client's one-click POST (RFC 8058) sends `List-Unsubscribe=One-Click` as a form: the
  // token is in the URL, so the body is read (bounded) and ignored, in this scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    const scoped = scope.withTypeProvider<ZodTypeProvider>();
    scoped.get(
      unsubscribeEndpoint.path,
      { schema: { querystring: unsubscribeEndpoint.query } },
      async (request, reply) => {
        // A HEAD (link checkers, previews) only looks: it turns nothing off.
        const kind = await emailSettings.unsubscribe(request.query.token, {
          apply: request.method === 'GET',
        });
        if (!kind) throw badRequest(BAD_LINK);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(unsubscribedPage({ what: MAIL_KIND_NAMES[kind], settingsUrl: `${deps.publicUrl}/settings` }));
      },
    );
    scoped.post(
      unsubscribeOneClickEndpoint.path,
      {
        schema: {
          querystring: unsubscribeOneClickEndpoint.query,
          response: { 200: unsubscribeOneClickEndpoint.response },
        },
      },
      async (request) => {
        const kind = await emailSettings.unsubscribe(request.query.token, { apply: true });
        if (!kind) throw badRequest(BAD_LINK);
        return { ok: true as const };
      },
    );
  });
}
