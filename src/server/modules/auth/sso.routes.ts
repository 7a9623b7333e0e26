import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseCookies } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { NO_SSO_SESSION, signInOptionsEndpoint, ssoSessionEndpoint } from '../../../contract/sso';
import type { Config } from '../../config';
import { forbidden, unauthorized } from '../../http/errors';
import type { Auth } from './auth';

/**
 * Single sign-on beside better-auth's own endpoints: whether the sign-in page offers it, and the
 * hand-over from the provider's callback (a session cookie) to the app's bearer token.
 */
export function registerSsoRoutes(scope: FastifyInstance, deps: { auth: Auth; config: Config }): void {
  const { auth, config } = deps;
  const ownOrigin = new URL(config.publicUrl).origin;
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    signInOptionsEndpoint.path,
    { schema: { response: { 200: signInOptionsEndpoint.response } } },
    () => ({ sso: config.oidc ? { name: config.oidc.name } : null }),
  );

  app.post(
    ssoSessionEndpoint.path,
    { schema: { body: ssoSessionEndpoint.body, response: { 200: ssoSessionEndpoint.response } } },
    async (request, reply) => {
      // The cookie is a credential: only the app's own page may trade it (no cross-site POST).
      if (request.headers.origin !== ownOrigin) throw forbidden('Cross-site request refused');
      const { authCookies } = await auth.$context;
      const name = authCookies.sessionToken.name;
      const token = parseCookies(request.headers.cookie ?? '').get(name);
      const session = token ? await auth.api.getSession({ headers: fromNodeHeaders(request.headers) }) : null;
      if (!token || !session) throw unauthorized(NO_SSO_SESSION);
      // From here the page holds the session as a bearer token, like every other sign-in.
      const attributes = authCookies.sessionToken.attributes;
      reply.header(
        'set-cookie',
        `${name}=; Path=${attributes.path ?? '/'}; Max-Age=0; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`,
      );
      return { token };
    },
  );
}
