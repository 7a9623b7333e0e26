import fp from 'fastify-plugin';
import type { MarketTicker } from '../../providers/market';
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
    app.decorate(
      'market',
      createMarketService({
        db: app.db,
        source: app.source,
        log: app.log,
        logs: app.logs,
        onPairUpdate: (event) => bus.publish('pair_updates', event, ['admins']),
        onTicker: ({ pair, ticker }) => bus.publish('ticker', { pair, ticker: tickerMessage(pair, ticker) }),
      }),
    );
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
