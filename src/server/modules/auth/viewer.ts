import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { session as sessions } from '../../db/schema';
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

/**
 * Resolves the caller of a request from its bearer token (or session cookie) into a Viewer.
 * Admin rights are recomputed on every request from memberships, never read from the token.
 */
export function createViewerResolver(deps: { auth: Auth; db: Database; organizations: OrganizationsService }) {
  const { auth, db, organizations } = deps;
  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

  async function resolve(headers: Headers): Promise<Viewer | null> {
    const found = await auth.api.getSession({ headers });
    if (!found) return null;
    let active = found.session.activeOrganizationId ?? null;
    if (!active) {
      active = await organizations.defaultActiveOrganizationId(found.user.id);
      if (active) await db.update(sessions).set({ activeOrganizationId: active }).where(eq(sessions.id, found.session.id));
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
    let pending = cache.get(request);
    if (!pending) {
      pending = resolve(fromNodeHeaders(request.headers));
      cache.set(request, pending);
    }
    return pending;
  }

  return {
    viewerOf,
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
