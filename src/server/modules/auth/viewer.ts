import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import {
  ADMIN_TWO_FACTOR_REQUIRED,
  SECOND_FACTOR_REQUIRED,
  type UserOrganization,
} from '../../../contract/account';
import { API_KEY_REFUSED, API_KEY_SIGN_IN } from '../../../contract/api-keys';
import type { ApiKeyScope } from '../../../contract/common';
import { forbidden, unauthorized } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { isBusEvent } from '../../realtime/event-bus';
import { isApiKeyToken, type ApiKeysService } from './api-keys.service';
import type { Auth } from './auth';
import { defaultActiveOrganizationId, isAdminIn } from './grants';
import type { OrganizationsService } from './organizations.service';
import type { SessionsRepo } from './sessions.repo';
import type { UsersService } from './users.service';
import { createViewerCache, type CachedViewer } from './viewer-cache';

/** What a live connection's rooms depend on: whose session it is and whether it is an admin's. */
export interface SessionGrant {
  userId: string;
  isAdmin: boolean;
}

/** A session's last activity is kept to within this (at most one write per session per span). */
export const LAST_ACTIVE_PRECISION_MS = 5 * 60_000;

/** A second factor entered this recently is fresh enough to move money out or approve it. */
export const SECOND_FACTOR_FRESH_MS = 10 * 60_000;

export interface GuardOptions {
  /** With two-factor on, the session must have entered a code within SECOND_FACTOR_FRESH_MS. */
  recentSecondFactor?: boolean;
}

/** A resolved token: the viewer, its organisations, and when its session expires. */
interface Resolved extends CachedViewer {
  expiresAt: number;
}

export interface Viewer {
  userId: string;
  sessionId: string;
  email: string;
  /** The address was confirmed through the link mailed to it. */
  emailVerified: boolean;
  /** Sign-in asks for a TOTP code (or a backup code). */
  twoFactorEnabled: boolean;
  /** When this session last proved a second factor (ms since the epoch), if ever. */
  secondFactorAt: number | null;
  name: string;
  username: string | null;
  referralCode: string | null;
  activeOrganizationId: string | null;
  isAdmin: boolean;
  /** The personal API key the request came with (`sessionId` is then `apikey:<id>`); null for a session. */
  apiKey: { id: string; scopes: ApiKeyScope[] } | null;
}

/** A key's stand-in for a session id: what sockets watch and what no session row ever matches. */
const KEY_SESSION = 'apikey:';

/**
 * Resolves the caller of a request from its bearer token (or session cookie) into a Viewer.
 * Admin rights are computed from memberships, never read from the token.
 *
 * A bearer token's whole viewer (session, user, organisations, admin flag) is cached for ≤ 5 s,
 * so a cached request costs no query. Every auth change is announced on the bus as `auth_changed`
 * (see `announce`), which evicts the users' entries here and in every other process at once.
 *
 * A token `hs_…` is a personal API key, resolved through its hash (never better-auth) and cached
 * the same way: its viewer is never an admin and never holds a second factor.
 */
export function createViewerResolver(deps: {
  auth: Auth;
  sessions: SessionsRepo;
  organizations: OrganizationsService;
  /** Every user has a referral code: one made outside sign-up gets it at its first request. */
  users: Pick<UsersService, 'ensureReferralCode'>;
  apiKeys: Pick<ApiKeysService, 'authenticate' | 'liveOwners'>;
  bus: EventBus;
  /** The platform setting that refuses admin calls to an admin without two-factor. */
  adminTwoFactorRequired: () => Promise<boolean>;
  cacheMs?: number;
}) {
  const { auth, sessions, organizations, users, apiKeys, bus } = deps;
  const perRequest = new WeakMap<FastifyRequest, Promise<CachedViewer>>();
  const cache = createViewerCache({ ttlMs: deps.cacheMs });

  bus.subscribe((message) => {
    if (!isBusEvent(message, 'auth_changed')) return;
    if (message.payload.all) cache.clear();
    else cache.forgetUsers(message.payload.userIds);
  });

  async function lookUp(headers: Headers): Promise<Resolved> {
    const found = await auth.api.getSession({ headers });
    if (!found) return { viewer: null, organizations: [], expiresAt: Infinity };
    const userId = found.user.id;
    const list = await organizations.listForUser(userId);
    const operator = await organizations.operatorOrganizationId();
    const grants = list.map((o) => ({ organizationId: o.id, role: o.role }));
    let active = found.session.activeOrganizationId ?? null;
    if (!active) {
      // Sessions made before organisations existed: settle on the default once, for good.
      active = defaultActiveOrganizationId(grants, operator);
      if (active) await sessions.setActiveOrganization(found.session.id, active);
    }
    if (Date.now() - new Date(found.session.updatedAt).getTime() > LAST_ACTIVE_PRECISION_MS)
      sessions.touch(found.session.id, LAST_ACTIVE_PRECISION_MS).catch(() => undefined);
    const extra = found.user as {
      username?: string | null;
      referralCode?: string | null;
      twoFactorEnabled?: boolean | null;
    };
    const secondFactorAt = (found.session as { secondFactorAt?: Date | string | null }).secondFactorAt;
    const viewer: Viewer = {
      userId,
      sessionId: found.session.id,
      email: found.user.email,
      emailVerified: found.user.emailVerified,
      twoFactorEnabled: extra.twoFactorEnabled === true,
      secondFactorAt: secondFactorAt ? new Date(secondFactorAt).getTime() : null,
      name: found.user.name,
      username: extra.username ?? null,
      referralCode: extra.referralCode ?? (await users.ensureReferralCode(userId)),
      activeOrganizationId: active,
      isAdmin: isAdminIn(grants, active, operator),
      apiKey: null,
    };
    return { viewer, organizations: list, expiresAt: new Date(found.session.expiresAt).getTime() };
  }

  async function lookUpKey(token: string): Promise<Resolved> {
    const key = await apiKeys.authenticate(token);
    if (!key) return { viewer: null, organizations: [], expiresAt: Infinity };
    const list = await organizations.listForUser(key.userId);
    const operator = await organizations.operatorOrganizationId();
    const viewer: Viewer = {
      userId: key.userId,
      sessionId: `${KEY_SESSION}${key.id}`,
      ...key.user,
      secondFactorAt: null,
      referralCode: key.user.referralCode ?? (await users.ensureReferralCode(key.userId)),
      activeOrganizationId: defaultActiveOrganizationId(
        list.map((o) => ({ organizationId: o.id, role: o.role })),
        operator,
      ),
      isAdmin: false,
      apiKey: { id: key.id, scopes: key.scopes },
    };
    return { viewer, organizations: list, expiresAt: key.expiresAt };
  }

  /**
   * One lookup per token at a time: requests arriving meanwhile share it — unless an eviction came
   * in between, since a lookup begun before it may have read the revoked grant.
   */
  const lookingUp = new Map<string, Promise<Resolved>>();
  function lookUpAndCache(token: string, headers: Headers): Promise<Resolved> {
    const startedAt = cache.epoch();
    const key = `${startedAt} ${token}`;
    let pending = lookingUp.get(key);
    if (!pending) {
      pending = (isApiKeyToken(token) ? lookUpKey(token) : lookUp(headers))
        .then((found) => {
          // An expired session or key must not outlive its expiry through the cache.
          cache.set(token, found, startedAt, found.expiresAt);
          return found;
        })
        .finally(() => lookingUp.delete(key));
      lookingUp.set(key, pending);
    }
    return pending;
  }

  async function resolve(headers: Headers): Promise<CachedViewer> {
    const token = bearerToken(headers.get('authorization'));
    if (!token) return lookUp(headers);
    const hit = cache.get(token);
    if (!hit) return lookUpAndCache(token, headers);
    // A failed refresh changes nothing: the entry still ends at its expiry.
    if (cache.due(token)) lookUpAndCache(token, headers).catch(() => undefined);
    return hit;
  }

  function resolved(request: FastifyRequest): Promise<CachedViewer> {
    let pending = perRequest.get(request);
    if (!pending) {
      pending = resolve(fromNodeHeaders(request.headers));
      perRequest.set(request, pending);
    }
    return pending;
  }

  const viewerOf = async (request: FastifyRequest): Promise<Viewer | null> =>
    (await resolved(request)).viewer;

  return {
    viewerOf,
    /** The organisations of the request's viewer, from the same cached lookup. */
    organizationsOf: async (request: FastifyRequest): Promise<UserOrganization[]> =>
      (await resolved(request)).organizations,
    /**
     * Tells every process that these users' sessions, memberships or roles changed (`all` when
     * the affected users are not known). Takes effect here before it returns.
     */
    announce(change: { userIds: string[]; all?: boolean }): void {
      bus.publish('auth_changed', change);
    },
    /**
     * The current grant of each live session among `ids`, read afresh (never cached); a
     * signed-out or expired session is absent, and so is a revoked or expired key (`apikey:<id>`).
     * Three queries for any number of sessions and keys.
     */
    async grantsOf(ids: string[]): Promise<Map<string, SessionGrant>> {
      const now = Date.now();
      const keyIds = ids.filter((id) => id.startsWith(KEY_SESSION)).map((id) => id.slice(KEY_SESSION.length));
      const sessionIds = ids.filter((id) => !id.startsWith(KEY_SESSION));
      const live = (await sessions.sessionsByIds(sessionIds)).filter((s) => s.expiresAt.getTime() > now);
      const memberships = await sessions.membershipsOfUsers([...new Set(live.map((s) => s.userId))]);
      const operator = await organizations.operatorOrganizationId();
      const grants = new Map<string, SessionGrant>();
      for (const row of live) {
        const own = memberships.filter((m) => m.userId === row.userId);
        const active = row.activeOrganizationId ?? defaultActiveOrganizationId(own, operator);
        grants.set(row.id, { userId: row.userId, isAdmin: isAdminIn(own, active, operator) });
      }
      for (const [id, userId] of await apiKeys.liveOwners(keyIds))
        grants.set(`${KEY_SESSION}${id}`, { userId, isAdmin: false });
      return grants;
    },
    /** Resolves a bearer token outside HTTP (socket handshakes). */
    viewerOfToken: async (token: string) =>
      (await resolve(new Headers({ authorization: `Bearer ${token}` }))).viewer,
    async requireUser(request: FastifyRequest, options: GuardOptions = {}): Promise<Viewer> {
      const viewer = await viewerOf(request);
      if (!viewer) throw unauthorized(refusalOf(request));
      checkSecondFactor(viewer, options);
      return viewer;
    },
    async requireAdmin(request: FastifyRequest, options: GuardOptions = {}): Promise<Viewer> {
      const viewer = await viewerOf(request);
      if (!viewer) throw unauthorized(refusalOf(request));
      if (!viewer.isAdmin) throw forbidden('Admin access required');
      if (!viewer.twoFactorEnabled && (await deps.adminTwoFactorRequired()))
        throw forbidden(ADMIN_TWO_FACTOR_REQUIRED);
      checkSecondFactor(viewer, options);
      return viewer;
    },
  };
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>;

/** Whether the request is made with a personal API key (`Authorization: Bearer hs_…`). */
export const carriesApiKey = (request: FastifyRequest): boolean =>
  isApiKeyToken(bearerToken(request.headers.authorization));

const refusalOf = (request: FastifyRequest) => (carriesApiKey(request) ? API_KEY_REFUSED : undefined);

function checkSecondFactor(viewer: Viewer, { recentSecondFactor }: GuardOptions): void {
  // A key proves no second factor: what asks for a fresh one is a signed-in session's alone.
  if (recentSecondFactor && viewer.apiKey) throw forbidden(API_KEY_SIGN_IN);
  if (!recentSecondFactor || !viewer.twoFactorEnabled) return;
  const fresh =
    viewer.secondFactorAt !== null && Date.now() - viewer.secondFactorAt <= SECOND_FACTOR_FRESH_MS;
  if (!fresh) throw forbidden(SECOND_FACTOR_REQUIRED);
}

export function bearerToken(authorization: string | null | undefined): string | null {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}
