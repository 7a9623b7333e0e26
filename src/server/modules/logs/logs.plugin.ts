import fp from 'fastify-plugin';
import { createLogsService, type LogsService } from './logs.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Action logs (what the engine and workers did) and the audit chain (who changed what). */
    logs: LogsService;
  }
}

export const logsPlugin = fp(
  async (app) => {
    // Its one route, the audit log, is the back office's (admin.plugin.ts): it needs the auth
    // that comes after this plugin.
    app.decorate('logs', createLogsService(app.db));
  },
  { name: 'logs', dependencies: ['core'] },
);
