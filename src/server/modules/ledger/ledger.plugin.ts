import fp from 'fastify-plugin';
import { createLedgerService, type LedgerService } from './ledger.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every balance and every movement of money (double entry). */
    ledger: LedgerService;
  }
}

export const ledgerPlugin = fp(
  async (app) => {
    app.decorate('ledger', createLedgerService(app.db));
  },
  { name: 'ledger', dependencies: ['core'] },
);
