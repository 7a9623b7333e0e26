import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { passwordResetRequestSchema, signInInputSchema, signUpInputSchema } from '../../../contract/account';
import { containsNul, MAX_JSON_DEPTH, nestedDeeperThan } from '../../../contract/common';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { badRequest, conflict, tooManyRequests } from '../../http/errors';
import { createKeyLimiter } from '../../http/key-limiter';
import type { RateLimits } from '../../http/rate-limits';
import type { Auth } from './auth';
import { createUsersRepo } from './users.repo';
import type { Viewer, ViewerResolver } from './viewer';

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
  '/api/auth/request-password-reset': z.looseObject(passwordResetRequestSchema.shape),
  '/api/auth/send-verification-email': z.looseObject(passwordResetRequestSchema.shape),
};

/** Mails per address and kind, whoever asks (the per-IP auth limit applies too). */
const MAILS_PER_ADDRESS = { max: 5, windowMs: 60 * 60_000 };
/** The calls that send an account mail, and what their limit's refusal calls the mails. */
const MAIL_REQUESTS: Record<string, string> = {
  '/api/auth/request-password-reset': 'reset requests',
  '/api/auth/send-verification-email': 'verification mails',
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
  // Keyed by the address as typed (lower-cased), not by an account: it answers the same either way.
  const mailRequests = createKeyLimiter(MAILS_PER_ADDRESS);

  async function validate(request: FastifyRequest, path: string): Promise<void> {
    // better-auth stores what it is sent; PostgreSQL cannot store NUL, so no endpoint may pass one on.
    if (containsNul(request.body) || containsNul(request.query)) {
      throw badRequest('Must not contain NUL characters');
    }
    if (request.method !== 'POST') return;
    const check = preChecks[path];
    const parsed = check?.safeParse(request.body ?? {});
    if (parsed && !parsed.success) {
      throw badRequest(
        parsed.error.issues
          .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
          .join('; '),
      );
    }
    // Every better-auth call takes a JSON object; a deeply nested one would overflow JSON.stringify.
    const body: unknown = request.body;
    if (body !== undefined && body !== null) {
      if (typeof body !== 'object' || Array.isArray(body))
        throw badRequest('Request body must be a JSON object');
      if (nestedDeeperThan(body, MAX_JSON_DEPTH)) throw badRequest('Request body is nested too deeply');
    }
    if (!parsed) return;
    const mails = MAIL_REQUESTS[path];
    if (mails) {
      const waitMs = mailRequests.take(`${path} ${(parsed.data as { email: string }).email.toLowerCase()}`);
      if (waitMs !== null)
        throw tooManyRequests(
          `Too many ${mails} for this address, please try again in ${Math.ceil(waitMs / 60_000)} minutes`,
        );
    }
    const username = (parsed.data as { username?: string }).username;
    if (username && (await usersRepo.usernameTaken(username))) throw conflict('Username is already taken');
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth decides per endpoint which need a session.
    config: { rateLimit: rateLimits.auth, auth: 'public' },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      await validate(request, path);
      // Who is changing their session or memberships, read (usually from the cache) before the change.
      const caller = request.method === 'POST' ? await viewers.viewerOf(request) : null;
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
      if (request.method === 'POST' && response.status < 400) announceChange(viewers, path, caller);
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

/**
 * After a successful auth mutation the caller's cached viewers go everywhere at once. Organisation
 * calls other than set-active may change other users' memberships or roles (remove-member,
 * update-member-role, delete...): every cached viewer goes, as these calls are rare.
 */
function announceChange(viewers: ViewerResolver, path: string, caller: Viewer | null): void {
  const own = caller ? [caller.userId] : [];
  const organizationCall = path.startsWith('/api/auth/organization/');
  if (organizationCall && path !== '/api/auth/organization/set-active') {
    viewers.announce({ userIds: own, all: true });
  } else if (own.length > 0) {
    viewers.announce({ userIds: own });
  }
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
