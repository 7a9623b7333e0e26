import fp from 'fastify-plugin';
import { createPairsAdmin } from './pairs-admin';
import { registerPairsAdminRoutes } from './pairs-admin.routes';
import { registerPairRoutes } from './pairs.routes';
import { createPairsService } from './pairs.service';

/** A pair as traders see it (ticker, chart, live stream) and as admins manage it. */
export const pairsPlugin = fp(
  async (app) => {
    const { market, viewers } = app;
    const pairs = createPairsService({
      market,
      analysis: app.analysis,
      offers: app.offers,
      triggers: app.triggers,
    });
    registerPairRoutes(app, { pairs, viewers, bus: app.bus, heatMap: app.heatMap });
    registerPairsAdminRoutes(app, { pairsAdmin: createPairsAdmin({ market, db: app.db }), viewers });
  },
  { name: 'pairs', dependencies: ['core', 'auth', 'market', 'analysis', 'triggers', 'offers'] },
);
