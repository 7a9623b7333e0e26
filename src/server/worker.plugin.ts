import fp from 'fastify-plugin';
import { createWorker, type Worker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background work (main.ts starts it unless ROLE=api; tests run its tasks by name). */
    worker: Worker;
  }
}

/** Registered last, so it stops first: its runs finish while everything they use is still open. */
export const workerPlugin = fp(
  async (app) => {
    const worker = createWorker({
      config: app.config,
      log: app.log,
      bus: app.bus,
      source: app.source,
      market: app.market,
      settings: app.settings,
      analysis: app.analysis,
      pipeline: app.analysisPipeline,
      triggers: app.triggers,
      offers: app.offers,
      logs: app.logs,
      trading: app.trading,
      reconciliation: app.reconciliation,
      ledger: app.ledger,
      refreshBacktest: () => app.signalQuality.refreshBacktest(),
      leases: app.scheduleLeases,
      notificationTasks: app.notifications.tasks(),
    });
    app.decorate('worker', worker);
    app.addHook('onClose', async () => worker.stop());
  },
  {
    name: 'worker',
    dependencies: [
      'core',
      'providers',
      'logs',
      'ledger',
      'settings',
      'market',
      'analysis',
      'analysis-pipeline',
      'triggers',
      'offers',
      'signal-quality',
      'trading',
      'system',
      'notifications',
    ],
  },
);
