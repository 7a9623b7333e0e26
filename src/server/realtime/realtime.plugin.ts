import fp from 'fastify-plugin';
import { registerAdminLiveRoutes } from './admin-live.routes';
import { attachRealtime } from './attach-realtime';

/** socket.io and the SSE streams: views of the bus for browsers. */
export const realtimePlugin = fp(
  async (app) => {
    const { bus, viewers } = app;
    attachRealtime(app, { bus, viewers, redisUrl: app.config.redisUrl });
    registerAdminLiveRoutes(app, { bus, viewers, sessions: app.realtime.sessions });
  },
  { name: 'realtime', dependencies: ['core', 'auth'] },
);
