import fp from 'fastify-plugin';
import { notFound } from '../../http/errors';
import { registerAuditLogRoutes } from './audit-log.routes';
import { registerAdminListRoutes } from './admin-lists.routes';
import { createPairDetails } from './pair-details';
import { registerPairDetailsRoutes } from './pair-details.routes';

/**
 * The back office's read side: lists that join and sort across modules in the database, a pair's
 * details and the audit log. Registered after every module: its catch-all answers any /api/admin path no
 * module serves with 404, but only to an admin (the route guard checks first), so a non-admin
 * learns nothing about which admin calls exist.
 */
export const adminPlugin = fp(
  async (app) => {
    registerAdminListRoutes(app, app.db);
    registerAuditLogRoutes(app, { logs: app.logs });
    registerPairDetailsRoutes(
      app,
      createPairDetails({ db: app.db, market: app.market, marketNow: () => app.source.now() }),
    );
    app.all('/api/admin/*', async () => {
      throw notFound();
    });
  },
  { name: 'admin', dependencies: ['core', 'providers', 'logs', 'auth', 'market'] },
);
