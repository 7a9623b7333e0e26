import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { session as sessionTable } from '../../db/schema';
import { forbidden, unauthorized } from '../../http/errors';
import type { Auth } from './auth';
import type { OrganizationsService } from './organizations.service';

export interface Viewer {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  username: string | null;
  referralCode: string | null;
  activeOrganizationId: string | null;
  isAdmin: boolean;
}

type Session = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

/** How long a looked-up bearer session is reused inside this process (see `forgetToken`). */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

/**
 * Resolves the caller of a request from its bearer token (or session cookie) into a Viewer.
 * Admin rights are recomputed on every request from memberships, never read from the token.
 *
 * better-auth's session lookup costs several queries; bearer lookups are reused for 5 s. Every
 * auth mutation made with a token (sign-out, switching organisation, ...) evicts it here at once;
 * another process sees a revocation within those 5 s at most.
 */
export function createViewerResolver(deps: {
  auth: Auth;
  db: Database;
  organizations: OrganizationsService;
}) {
  const { auth, db, organizations } = deps;
  const perRequest = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  const sessions = new Map<string, { found: Session | null; until: number }>();

  async function lookUpSession(headers: Headers): Promise<Session | null> {
    const token = bearerToken(headers.get('authorization'));
    if (!token) return auth.api.getSession({ headers });
    const now = Date.now();
    const hit = sessions.get(token);
    if (hit && hit.until > now) return hit.found;
    const found = await auth.api.getSession({ headers });
    if (sessions.size >= SESSION_CACHE_MAX) sessions.clear();
    // Expired sessions must not outlive their expiry through the cache.
    const until = Math.min(
      now + SESSION_CACHE_MS,
      found ? new Date(found.session.expiresAt).getTime() : Infinity,
    );
    sessions.set(token, { found, until });
    return found;
  }

  async function resolve(headers: Headers): Promise<Viewer | null> {
    const found = await lookUpSession(headers);
    if (!found) return null;
    let active = found.session.activeOrganizationId ?? null;
    if (!active) {
      active = await organizations.defaultActiveOrganizationId(found.user.id);
      if (active) {
        await db
          .update(sessionTable)
          .set({ activeOrganizationId: active })
          .where(eq(sessionTable.id, found.session.id));
        found.session.activeOrganizationId = active;
      }
    }
    const extra = found.user as { username?: string | null; referralCode?: string | null };
    return {
      userId: found.user.id,
      sessionId: found.session.id,
      email: found.user.email,
      name: found.user.name,
      username: extra.username ?? null,
      referralCode: extra.referralCode ?? null,
      activeOrganizationId: active,
      isAdmin: await organizations.isAdmin(found.user.id, active),
    };
  }

  function viewerOf(request: FastifyRequest): Promise<Viewer | null> {
    let pending = perRequest.get(request);
    if (!pending) {
      pending = resolve(fromNodeHeaders(request.headers));
      perRequest.set(request, pending);
    }
    return pending;
  }

  return {
    viewerOf,
    /** Drops a token's cached session; called after every auth mutation made with it. */
    forgetToken(authorization: string | undefined): void {
      const token = bearerToken(authorization ?? null);
      if (token) sessions.delete(token);
    },
    /** Resolves a bearer token outside HTTP (sockets, SSE with a token query). */
    viewerOfToken: (token: string) => resolve(new Headers({ authorization: `Bearer ${token}` })),
    async requireUser(request: FastifyRequest): Promise<Viewer> {
      const viewer = await viewerOf(request);
      if (!viewer) throw unauthorized();
      return viewer;
    },
    async requireAdmin(request: FastifyRequest): Promise<Viewer> {
      const viewer = await viewerOf(request);
      if (!viewer) throw unauthorized();
      if (!viewer.isAdmin) throw forbidden('Admin access required');
      return viewer;
    },
  };
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>;

function bearerToken(authorization: string | null): string | null {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}
