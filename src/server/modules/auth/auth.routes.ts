import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { signInInputSchema, signUpInputSchema } from '../../../contract/account';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import type { RateLimits } from '../../http/rate-limits';
import type { Auth } from './auth';
import { createUsersRepo } from './users.repo';
import type { ViewerResolver } from './viewer';

const usernameSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9_.-]{3,30}$/, 'Username must be 3-30 letters, digits, dots, dashes or underscores');

/** Our own checks run before better-auth so every bad sign-up or sign-in gets the same clear 400. */
const preChecks: Record<string, z.ZodType> = {
  '/api/auth/sign-up/email': z.looseObject({
    ...signUpInputSchema.shape,
    username: usernameSchema.optional(),
  }),
  '/api/auth/sign-in/email': z.looseObject(signInInputSchema.shape),
};

/**
 * better-auth's standard endpoints at /api/auth/*. Errors are reshaped to `{ error }`. Scripts and API
 * clients send no Origin header; without a cookie there is nothing to forge, so the request is given
 * the product's own origin and is not refused by the CSRF check.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; config: Config; db: Database; rateLimits: RateLimits; viewers: ViewerResolver },
): void {
  const { auth, config, db, rateLimits, viewers } = deps;
  const ownOrigin = new URL(config.publicUrl).origin;
  const usersRepo = createUsersRepo(db);

  async function validate(request: FastifyRequest, path: string): Promise<void> {
    const check = preChecks[path];
    if (!check || request.method !== 'POST') return;
    const parsed = check.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw badRequest(
        parsed.error.issues
          .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
          .join('; '),
      );
    }
    const username = (parsed.data as { username?: string }).username;
    if (username && (await usersRepo.usernameTaken(username))) throw conflict('Username is already taken');
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rateLimit: rateLimits.auth },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      await validate(request, path);
      const headers = fromNodeHeaders(request.headers);
      if (!headers.get('origin') && !headers.get('cookie')) headers.set('origin', ownOrigin);
      headers.delete('content-length');
      // The body is always re-sent as JSON (Fastify has parsed it), even when the caller sent none.
      if (request.method === 'POST') headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(new URL(request.url, config.publicUrl), {
          method: request.method,
          headers,
          body: request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
        }),
      );
      if (request.method === 'POST') viewers.forgetToken(request.headers.authorization);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (!['content-length', 'content-encoding', 'set-cookie', 'transfer-encoding'].includes(key))
          reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status < 400) return reply.send(text);
      return reply.type('application/json').send({ error: authErrorMessage(text, response.status) });
    },
  });
}

function authErrorMessage(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    if (typeof parsed.code === 'string') return parsed.code.replaceAll('_', ' ').toLowerCase();
  } catch {
    // fall through
  }
  return status === 401 ? 'Authentication required' : 'Authentication request failed';
}
