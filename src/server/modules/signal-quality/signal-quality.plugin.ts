import fp from 'fastify-plugin';
import { engineOf } from '../../plugins/providers.plugin';
import { registerSignalQualityRoutes } from './signal-quality.routes';
import { createSignalQualityRepo } from './signal-quality.repo';
import { createSignalQualityService, type SignalQualityService } from './signal-quality.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Predicted against realised success, the walk-forward backtest and the publication gate. */
    signalQuality: SignalQualityService;
  }
}

export const signalQualityPlugin = fp(
  async (app) => {
    const { market, config } = app;
    const signalQuality = createSignalQualityService({
      offers: app.offers,
      repo: createSignalQualityRepo(app.db),
      backtest: {
        pairs: () => market.activePairs(),
        hourlyCandles: (pairId) => market.candles(pairId, '1h', 0),
        takerFeePercent: config.takerFeePercent,
        evaluateSignals: (series, options) => engineOf(app).evaluateSignals(series, options),
        judgeGate: (series, takerFeePercent) => engineOf(app).judgeGate(series, takerFeePercent),
      },
    });
    app.decorate('signalQuality', signalQuality);
    registerSignalQualityRoutes(app, { signalQuality, viewers: app.viewers });
  },
  { name: 'signal-quality', dependencies: ['core', 'providers', 'auth', 'market', 'offers'] },
);
