import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import {
  changeEmailInputSchema,
  passwordResetRequestSchema,
  passwordSchema,
  signInInputSchema,
  signUpInputSchema,
} from '../../../contract/account';
import { containsNul, MAX_JSON_DEPTH, nestedDeeperThan } from '../../../contract/common';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { badRequest, conflict, tooManyRequests } from '../../http/errors';
import { createKeyLimiter } from '../../http/key-limiter';
import type { RateLimits } from '../../http/rate-limits';
import { isSecondFactorPath, type Auth } from './auth';
import { createSessionsRepo } from './sessions.repo';
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
  '/api/auth/change-email': z.looseObject(changeEmailInputSchema.shape),
  '/api/auth/change-password': z.looseObject({ currentPassword: z.string(), newPassword: passwordSchema }),
};
const CHANGE_PASSWORD_PATH = '/api/auth/change-password';

const AUTH_BASE = '/api/auth';
const SIGN_IN_PATH = '/api/auth/sign-in/email';
/** Set by Fastify itself, or (set-cookie) passed on as a list. */
const HOP_HEADERS = ['content-length', 'content-encoding', 'set-cookie', 'transfer-encoding'];

/** Mails per address and kind, whoever asks (the per-IP auth limit applies too). */
const MAILS_PER_ADDRESS = { max: 5, windowMs: 60 * 60_000 };
/**
 * The calls that send an account mail, by the kind of mail; one limit per kind and address (a
 * change of address mails a verification link, so it counts with the resends).
 */
const MAIL_REQUESTS: Record<string, string> = {
  '/api/auth/request-password-reset': 'reset requests',
  '/api/auth/send-verification-email': 'verification mails',
  '/api/auth/change-email': 'verification mails',
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
  const sessions = createSessionsRepo(db);
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
      const { email, newEmail } = parsed.data as { email?: string; newEmail?: string };
      const to = (email ?? newEmail ?? '').toLowerCase();
      const waitMs = mailRequests.take(`${mails} ${to}`);
      if (waitMs !== null)
        throw tooManyRequests(
          `Too many ${mails} for this address, please try again in ${Math.ceil(waitMs / 60_000)} minutes`,
        );
    }
    // A new password ends every other session, whatever the client asked for.
    if (path === CHANGE_PASSWORD_PATH) (request.body as Record<string, unknown>).revokeOtherSessions = true;
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
      // The client's address as Fastify read it (trusting proxies as configured), never one the
      // client wrote itself: better-auth stores it with each session (Settings lists it).
      headers.set('x-forwarded-for', request.ip);
      // The body is always re-sent as JSON (Fastify has parsed it), even when the caller sent none.
      if (request.method === 'POST') headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(new URL(request.url, config.publicUrl), {
          method: request.method,
          headers,
          body: request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
        }),
      );
      if (request.method === 'POST' && response.status < 400) {
        // A code entered while signed in: this session has proved its second factor just now.
        if (caller && isSecondFactorPath(path.slice(AUTH_BASE.length)))
          await sessions.markSecondFactor(caller.sessionId, new Date());
        announceChange(viewers, path, caller);
      }
      reply.status(response.status);
      const text = await response.text();
      // A password that still needs its second factor yields no session: the token better-auth
      // announced for the one it created (and deleted) at once must not look like a sign-in.
      const challenged = path === SIGN_IN_PATH && text.includes('"twoFactorRedirect":true');
      response.headers.forEach((value, key) => {
        if (HOP_HEADERS.includes(key) || (challenged && key === 'set-auth-token')) return;
        reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
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
