import fp from 'fastify-plugin';
import { engineOf } from '../../plugins/providers.plugin';
import { createAiCommentator } from '../../providers/ai';
import { pairGateOf } from '../offers/offers.service';
import { createAnalysisPipeline, type RunAnalysis } from './analysis.pipeline';
import { createAnalysisRepo } from './analysis.repo';

declare module 'fastify' {
  interface FastifyInstance {
    analysisPipeline: {
      /** One run, start to end (fetch → indicators → backtest → scoring → offer). */
      run: RunAnalysis;
      /** Worker side: take queued runs, `concurrency` at a time. */
      startWorker(concurrency: number): void;
    };
  }
}

/**
 * The runs themselves: candles in, the engine's analysis, the commentary, and an offer out when the
 * publication gate holds an edge for the pair. What a run published goes out as `offers_changed`.
 */
export const analysisPipelinePlugin = fp(
  async (app) => {
    const { market, settings, signalQuality, triggers, config } = app;
    const ai = createAiCommentator({
      provider: config.aiProvider,
      baseUrl: config.env.OPENAI_BASE_URL,
      apiKey: config.env.OPENAI_API_KEY,
      settings,
      log: app.log,
    });
    const run = createAnalysisPipeline({
      repo: createAnalysisRepo(app.db),
      bus: app.bus,
      events: app.events,
      logs: app.logs,
      pairSymbol: async (pairId) => (await market.pairById(pairId))?.symbol ?? null,
      publishOffer: (input) => app.offers.publish(input),
      loadCandles: (pairId, interval, since) => market.candles(pairId, interval, since),
      latestQuote: (pairId) => market.latestQuote(pairId),
      analyzePair: (input) => engineOf(app).analyzePair(input),
      summarize: (input) => ai.summarize(input),
      activeTriggerCount: (pair) => triggers.activeTriggerCount(pair),
      autoAnalysisConfig: () => settings.autoAnalysisConfig(),
      pairGate: async (pair) => pairGateOf(await signalQuality.latestGate(), pair),
      takerFeePercent: config.takerFeePercent,
      marketNow: () => app.source.now(),
    });
    app.decorate('analysisPipeline', {
      run,
      startWorker(concurrency: number): void {
        app.analysisQueue.process((job) => run(job.analysisId, job), concurrency);
      },
    });
  },
  {
    name: 'analysis-pipeline',
    dependencies: [
      'core',
      'providers',
      'logs',
      'settings',
      'market',
      'analysis',
      'triggers',
      'offers',
      'signal-quality',
    ],
  },
);
