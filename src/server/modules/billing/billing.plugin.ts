import fp from 'fastify-plugin';
import { createBillingRepo } from './billing.repo';
import { registerBillingRoutes } from './billing.routes';
import { createBillingService, type BillingService } from './billing.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans: Free or Pro, bought and kept through the card provider. */
    billing: BillingService;
  }
}

/** The usage it shows is trading's count of accepts, asked when a plan is read. */
export const billingPlugin = fp(
  async (app) => {
    const billing = createBillingService({
      db: app.db,
      repo: createBillingRepo(app.db),
      provider: app.billingProvider,
      logs: app.logs,
      users: app.users,
      acceptsSince: (userId, since) => app.trading.acceptsSince(userId, since),
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
    app.decorate('billing', billing);
    registerBillingRoutes(app, { billing, viewers: app.viewers });
  },
  { name: 'billing', dependencies: ['core', 'providers', 'logs', 'auth'] },
);
