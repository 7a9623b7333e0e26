import fp from 'fastify-plugin';
import { registerTrackRecordRoutes } from './track-record.routes';
import { createTrackRecordService, type TrackRecordService } from './track-record.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public track record (the offers module appends to it as it publishes and scores). */
    trackRecord: TrackRecordService;
  }
}

export const trackRecordPlugin = fp(
  async (app) => {
    const trackRecord = createTrackRecordService({
      db: app.db,
      gateBacktest: async () => {
        const report = await app.signalQuality.latestReport();
        const days = report?.gate?.backtest?.days;
        return report && days ? { computedAt: report.computedAt, days } : null;
      },
    });
    app.decorate('trackRecord', trackRecord);
    registerTrackRecordRoutes(app, { trackRecord });
  },
  { name: 'track-record', dependencies: ['core', 'signal-quality'] },
);
