import fp from 'fastify-plugin';
import { registerPaymentRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsService } from './payments.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposits, withdrawals (approved by an admin) and tips. */
    payments: PaymentsService;
  }
}

export const paymentsPlugin = fp(
  async (app) => {
    const { ledger } = app;
    const payments = createPaymentsService(app.db, {
      ledger,
      logs: app.logs,
      bus: app.bus,
      events: app.events,
      card: app.card,
      users: app.users,
      log: app.log,
    });
    app.decorate('payments', payments);
    registerPaymentRoutes(app, {
      payments,
      ledger,
      viewers: app.viewers,
      withdrawalsNeedVerifiedEmail: app.config.mail.verificationRequired,
    });
  },
  { name: 'payments', dependencies: ['core', 'providers', 'logs', 'ledger', 'auth'] },
);
