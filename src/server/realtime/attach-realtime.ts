import type { FastifyInstance } from 'fastify';
import type { ViewerResolver } from '../modules/auth/viewer';
import { outageLogTo } from '../shared/redis-connection';
import type { EventBus } from './event-bus';
import { createSessionWatch, type SessionWatch } from './session-watch';
import { attachSocketServer, type SocketIoServer } from './socket-server';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event bus and the socket.io server (tests publish on the bus). */
    realtime: { bus: EventBus; io: SocketIoServer; sessions: SessionWatch };
  }
}

/**
 * socket.io on the app's own HTTP server (attached before listen), closed with the app: sockets
 * are dropped before the HTTP server closes (an open websocket would hold it). The bus is the
 * core's, closed last.
 */
export function attachRealtime(
  app: FastifyInstance,
  deps: { bus: EventBus; viewers: ViewerResolver; redisUrl?: string },
): void {
  const sessions = createSessionWatch({
    bus: deps.bus,
    grantsOf: (ids) => deps.viewers.grantsOf(ids),
    onError: (error, context) => app.log.error({ err: error }, context),
  });
  const sockets = attachSocketServer({
    httpServer: app.server,
    bus: deps.bus,
    viewers: deps.viewers,
    sessions,
    redisUrl: deps.redisUrl,
    onError: (error, context) => app.log.error({ err: error }, context),
    outageLog: outageLogTo(app.log),
  });
  app.decorate('realtime', { bus: deps.bus, io: sockets.io, sessions });
  app.addHook('preClose', async () => {
    sessions.close();
    await sockets.close();
  });
}
