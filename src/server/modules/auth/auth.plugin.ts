import fp from 'fastify-plugin';
import { API_KEY_RATE_LIMITS } from '../../http/rate-limits';
import { guardRoutes } from '../../http/route-auth';
import { createApiKeyGuard } from './api-key-guard';
import { createApiKeysRepo } from './api-keys.repo';
import { registerApiKeyRoutes } from './api-keys.routes';
import { createApiKeysService } from './api-keys.service';
import { createAuth, type Auth } from './auth';
import { registerAuthRoutes } from './auth.routes';
import { createOrganizationsService, type OrganizationsService } from './organizations.service';
import { createSessionsRepo } from './sessions.repo';
import { registerSessionRoutes } from './sessions.routes';
import { registerSsoRoutes } from './sso.routes';
import { createUsersService, type UsersService } from './users.service';
import { createViewerResolver, type ViewerResolver } from './viewer';

declare module 'fastify' {
  interface FastifyInstance {
    /** better-auth: sign-up, sign-in, sessions, organisations. */
    auth: Auth;
    organizations: OrganizationsService;
    users: UsersService;
    /** Who is calling: the signed-in trader or admin of a request. */
    viewers: ViewerResolver;
  }
}

/**
 * Accounts, and who may call what. Registered before any plugin with routes: from here on, every
 * route added is guarded by the rule its URL and contract give it (http/route-auth.ts).
 */
export const authPlugin = fp(
  async (app) => {
    const { db, bus, config } = app;
    const organizations = createOrganizationsService(db, {
      settings: app.settings,
      onMembershipsChanged: (userIds) => bus.publish('auth_changed', { userIds }),
    });
    const auth = createAuth({
      config,
      db,
      organizations,
      mailer: app.mailer,
      onMailFailed: (error, kind) => app.log.error({ err: error }, `a ${kind} mail was not sent`),
      onUserChanged: (userId) => bus.publish('auth_changed', { userIds: [userId] }),
    });
    const users = createUsersService(db);
    const sessions = createSessionsRepo(db);
    // Billing registers after this plugin (it needs the viewers): its plan is read at request time.
    const planOf = (userId: string) => app.billing.currentPlan(userId);
    const apiKeys = createApiKeysService({
      repo: createApiKeysRepo(db),
      planOf,
      announce: (userIds) => bus.publish('auth_changed', { userIds }),
    });
    const viewers = createViewerResolver({
      auth,
      sessions,
      organizations,
      users,
      apiKeys,
      bus,
      adminTwoFactorRequired: app.settings.adminTwoFactorRequired,
    });
    app.decorate('auth', auth);
    app.decorate('organizations', organizations);
    app.decorate('users', users);
    app.decorate('viewers', viewers);
    // Before any route: protected routes check the caller before parsing or validating input.
    guardRoutes(app, {
      requireUser: (request) => viewers.requireUser(request),
      requireAdmin: (request) => viewers.requireAdmin(request),
      apiKeys: createApiKeyGuard({ viewers, planOf, limits: app.rateLimits.apiKey ?? API_KEY_RATE_LIMITS }),
    });
    registerAuthRoutes(app, { auth, config, db, rateLimits: app.rateLimits, viewers });
    registerSessionRoutes(app, { sessions, viewers });
    registerApiKeyRoutes(app, { apiKeys, viewers });
    registerSsoRoutes(app, { auth, config });
  },
  { name: 'auth', dependencies: ['core', 'providers', 'settings'] },
);
