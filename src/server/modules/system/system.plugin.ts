import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { outageLogTo } from '../../shared/redis-connection';
import { registerHealthRoutes, registerSystemHealthRoutes } from './health.routes';
import { createScheduleLeases, type ScheduleLeases } from './schedule-leases.repo';
import { createSystemHealth, type SystemHealthService } from './system-health';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Any number of workers may share the schedules; with one, the leases still keep each task's
     * due time across restarts and its last run for System Health.
     */
    scheduleLeases: ScheduleLeases;
    systemHealth: SystemHealthService;
    /** Set once shutdown begins: /readyz answers 503, so balancers stop sending work here. */
    lifecycle: { shuttingDown: boolean };
  }
}

/** Liveness, readiness and System Health. */
export const systemPlugin = fp(
  async (app) => {
    const { db, signalQuality } = app;
    const scheduleLeases = createScheduleLeases(db);
    const systemHealth = createSystemHealth({
      schedules: scheduleLeases,
      pingDatabase: () => db.execute(sql`select 1`),
      market: app.market,
      logs: app.logs,
      queues: [app.analysisQueue],
      publicationGate: () => signalQuality.latestGate(),
      mail: () => app.mailer.status(),
      telegram: () => app.telegramBot?.status() ?? null,
      redisUrl: app.config.redisUrl,
      outageLog: outageLogTo(app.log),
    });
    app.decorate('scheduleLeases', scheduleLeases);
    app.decorate('systemHealth', systemHealth);
    app.decorate('lifecycle', { shuttingDown: false });
    app.addHook('preClose', async () => {
      app.lifecycle.shuttingDown = true;
    });
    app.addHook('onClose', async () => systemHealth.close());
    registerHealthRoutes(app, { systemHealth, shuttingDown: () => app.lifecycle.shuttingDown });
    registerSystemHealthRoutes(app, { systemHealth });
  },
  { name: 'system', dependencies: ['core', 'logs', 'market', 'analysis', 'signal-quality'] },
);
