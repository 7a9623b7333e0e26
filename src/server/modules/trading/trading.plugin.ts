import fp from 'fastify-plugin';
import { registerTradingRoutes } from './trading.routes';
import { createTradingService, type TradingService } from './trading.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Trades taken from offers: opened, watched, closed, with their money in the ledger. */
    trading: TradingService;
  }
}

export const tradingPlugin = fp(
  async (app) => {
    const { market, settings, preferences, payments, ledger, config } = app;
    const trading = createTradingService({
      db: app.db,
      ledger,
      logs: app.logs,
      bus: app.bus,
      offers: app.offers,
      market: {
        pairBySymbol: (symbol) => market.tradablePair(symbol),
      },
      source: app.source,
      executor: app.executor,
      guardrails: () => settings.guardrails(),
      autoTrading: (userId) => preferences.autoTrading(userId),
      recordAutoTip: (tx, tip) => payments.recordAutoTip(tx, tip),
      takerFeePercent: config.takerFeePercent,
      log: app.log,
    });
    app.decorate('trading', trading);
    // Trades taken from an offer end with it.
    app.events.on('offers_changed', async ({ movedEnds }) => {
      for (const moved of movedEnds) await trading.moveTradeEnds(moved.offerId, moved.tradeEndsAt);
    });
    registerTradingRoutes(app, { trading, ledger, viewers: app.viewers });
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
