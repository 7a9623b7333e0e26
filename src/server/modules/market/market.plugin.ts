import fp from 'fastify-plugin';
import type { MarketTicker } from '../../providers/market';
import { isBusEvent } from '../../realtime/event-bus';
import { createMarketService, type MarketService } from './market.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pairs, candles and tickers as stored from the market. */
    market: MarketService;
  }
}

export const marketPlugin = fp(
  async (app) => {
    const { bus } = app;
    const market = createMarketService({
      db: app.db,
      source: app.source,
      log: app.log,
      logs: app.logs,
      onPairUpdate: (event) => bus.publish('pair_updates', event, ['admins']),
      onTicker: ({ pair, ticker }) => bus.publish('ticker', { pair, ticker: tickerMessage(pair, ticker) }),
    });
    app.decorate('market', market);
    // Pair changes made by another process.
    const unsubscribe = bus.subscribe((message) => {
      if (isBusEvent(message, 'pair_updates')) market.forgetPairs();
    });
    app.addHook('onClose', () => unsubscribe());
  },
  { name: 'market', dependencies: ['core', 'providers', 'logs'] },
);

/** A ticker as browsers receive it (`ticker` events). */
function tickerMessage(pair: string, ticker: MarketTicker) {
  return {
    pair,
    price: ticker.price,
    volume: ticker.volume24h,
    percentage: ticker.change24hPercent,
    timestamp: new Date(ticker.timestamp).toISOString(),
  };
}
