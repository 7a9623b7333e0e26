import fp from 'fastify-plugin';
import { registerAccountDataRoutes } from './account-data.routes';
import { registerAccountRoutes } from './account.routes';

/** The trader's own account as one view over auth, payments and trading. */
export const accountPlugin = fp(
  async (app) => {
    registerAccountRoutes(app, {
      viewers: app.viewers,
      config: app.config,
      payments: app.payments,
      trading: app.trading,
    });
    registerAccountDataRoutes(app, {
      db: app.db,
      auth: app.auth,
      viewers: app.viewers,
      users: app.users,
      preferences: app.preferences,
      logs: app.logs,
      settings: app.settings,
    });
  },
  { name: 'account', dependencies: ['auth', 'payments', 'trading', 'logs', 'settings', 'preferences'] },
);
