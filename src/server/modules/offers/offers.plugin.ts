import fp from 'fastify-plugin';
import type { PublishResult } from './offers.service';
import { registerAdminHeatMapRoutes, registerHeatMapRoutes } from './heat-map.routes';
import { createHeatMapStore, type HeatMapStore } from './heat-map.store';
import { registerOfferRoutes } from './offers.routes';
import { createOffersService, type OffersService } from './offers.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Offers: published from analyses, taken by traders, expired and scored. */
    offers: OffersService;
    /** The heat-map read model (tests reload it after seeding rows). */
    heatMap: HeatMapStore;
  }
}

/** Offers and the heat map, which shows each pair's latest analysis, live offers and triggers. */
export const offersPlugin = fp(
  async (app) => {
    const { market, bus, log } = app;
    const offers = createOffersService({
      db: app.db,
      bus,
      pairSymbols: (pairIds) => market.pairSymbols(pairIds),
      latestQuoteVolumes: (pairIds) => market.latestQuoteVolumes(pairIds),
      loadCandles: (pairId, interval, since) => market.candles(pairId, interval, since),
      marketNow: () => app.source.now(),
      log,
    });
    const heatMap = createHeatMapStore({
      sources: {
        activePairs: (symbols) => market.activePairs(symbols),
        latestAnalyses: (pairIds) => app.analysis.latestCompleted(pairIds),
        liveOffers: (pairIds, at) => offers.liveOffers(pairIds, at),
        activeTriggers: (symbols) => app.triggers.activeTriggers(symbols),
        recentErrors: (symbols, since, perPair) => app.logs.recentErrors(symbols, since, perPair),
      },
      bus,
      log,
    });
    app.decorate('offers', offers);
    app.decorate('heatMap', heatMap);

    /** Traders hear of new and refreshed offers as they happen. */
    async function announce(result: PublishResult): Promise<void> {
      if (result.created && result.offerId) {
        const offer = await offers.get(result.offerId);
        if (offer) bus.publish('new_offer', offer, ['traders']);
      }
      for (const id of result.refreshedIds) {
        const offer = await offers.get(id);
        if (offer) bus.publish('offer_update', offer, ['traders']);
      }
    }
    app.events.on('offers_changed', announce);

    registerOfferRoutes(app, { offers, viewers: app.viewers });
    registerHeatMapRoutes(app, { heatMap });
    registerAdminHeatMapRoutes(app, { heatMap });
    // The heat map loads once the app is ready and stops when it closes.
    app.addHook('onReady', () => heatMap.start());
    app.addHook('onClose', async () => {
      heatMap.stop();
      offers.close();
    });
  },
  { name: 'offers', dependencies: ['core', 'providers', 'logs', 'auth', 'market', 'analysis', 'triggers'] },
);
