import fp from 'fastify-plugin';
import { announce } from '../../shared/domain-events';
import { createReconciliationRepo } from './reconciliation.repo';
import { registerReconciliationRoutes } from './reconciliation.routes';
import { createReconciliation, type ReconciliationService } from './reconciliation.service';
import { registerTradingRoutes } from './trading.routes';
import { createTradingService, type TradingService } from './trading.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Trades taken from offers: opened, watched, closed, with their money in the ledger. */
    trading: TradingService;
    /** The live exchange account against the books (live trading only). */
    reconciliation: ReconciliationService;
  }
}

export const tradingPlugin = fp(
  async (app) => {
    const { market, settings, preferences, payments, ledger, config } = app;
    const tradablePair = (symbol: string) => market.tradablePair(symbol);
    const reconciliation = createReconciliation({
      repo: createReconciliationRepo(app.db),
      executor: app.executor,
      market: { pairBySymbol: tradablePair },
      source: app.source,
      logs: app.logs,
      bus: app.bus,
      log: app.log,
      toleranceUsd: config.reconcileToleranceUsd,
      userNames: async (ids) =>
        new Map([...(await app.users.contactsOf(ids))].map(([id, c]) => [id, c.username ?? c.name])),
    });
    const trading = createTradingService({
      db: app.db,
      ledger,
      logs: app.logs,
      bus: app.bus,
      offers: app.offers,
      market: { pairBySymbol: tradablePair },
      source: app.source,
      executor: app.executor,
      guardrails: () => settings.guardrails(),
      announce: (userId, subject) =>
        announce(app.events, { userId, subject }, (err) =>
          app.log.error({ err, kind: subject.kind }, 'a notification was not queued'),
        ),
      halt: settings,
      livePause: () => reconciliation.livePause(),
      autoTrading: (userId) => preferences.autoTrading(userId),
      recordAutoTip: (tx, tip) => payments.recordAutoTip(tx, tip),
      takerFeePercent: config.takerFeePercent,
      log: app.log,
    });
    app.decorate('trading', trading);
    app.decorate('reconciliation', reconciliation);
    // Trades taken from an offer end with it.
    app.events.on('offers_changed', async ({ movedEnds }) => {
      for (const moved of movedEnds) await trading.moveTradeEnds(moved.offerId, moved.tradeEndsAt);
    });
    registerTradingRoutes(app, { trading, ledger, viewers: app.viewers });
    registerReconciliationRoutes(app, { reconciliation, viewers: app.viewers });
  },
  {
    name: 'trading',
    dependencies: [
      'core',
      'providers',
      'logs',
      'ledger',
      'settings',
      'auth',
      'preferences',
      'market',
      'offers',
      'payments',
    ],
  },
);
