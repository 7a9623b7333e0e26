import fp from 'fastify-plugin';
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
  },
  { name: 'account', dependencies: ['auth', 'payments', 'trading'] },
);
