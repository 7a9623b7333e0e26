import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  serverToClientEventSchemas,
  type ClientToServerEvents,
  type ServerToClientEvents,
  SESSION_ENDED,
} from '../../contract/events';
import type { Viewer, ViewerResolver } from '../modules/auth/viewer';
import { outageLogVia, type RedisOutageLog } from '../shared/redis-connection';
import { createAdapterClients } from './adapter-clients';
import type { BusMessage, EventBus, Room } from './event-bus';
import { logBusError, type BusErrorHandler } from './listeners';
import type { SessionWatch } from './session-watch';

export interface SocketData {
  /** Null for an anonymous (landing page) socket. */
  viewer: Viewer | null;
}

export type SocketIoServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<never, never>,
  SocketData
>;
type ClientSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>;

export interface SocketServer {
  io: SocketIoServer;
  /** Disconnects every client and releases the adapter; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

export const AUTH_FAILED = 'Authentication failed';
/** Told to a socket whose session ended; it keeps receiving public events only. */
/** The reconnect hint of a process shutting down. */
export const SERVER_SHUTTING_DOWN = 'Server shutting down, reconnect';

function roomsOf(viewer: Pick<Viewer, 'userId' | 'isAdmin'> | null): Room[] {
  if (!viewer) return [];
  return viewer.isAdmin
    ? ['traders', `user:${viewer.userId}`, 'admins']
    : ['traders', `user:${viewer.userId}`];
}

/**
 * socket.io on /socket.io, a view of the event bus. Identity comes only from the bearer token
 * given at connect in `auth.token` or an `Authorization` header, never from the URL (URLs end up in
 * logs and proxies): a valid one joins `traders` and `user:{id}` (and `admins` for an admin)
 * besides `public`; none joins `public` only; a bad one is refused with connect_error
 * 'Authentication failed'. The session watch keeps the rooms in step with the session: after a
 * sign-out the socket is back to `public` only, after a demotion it leaves `admins`.
 *
 * Bus messages go to this process's own sockets (`io.local`): with REDIS_URL every process gets
 * every message from the bus itself, so relaying through the adapter as well would deliver each
 * event once per process. The Redis adapter still makes direct `io` emits and `fetchSockets()`
 * cluster-wide.
 */
export function attachSocketServer(deps: {
  httpServer: HttpServer;
  bus: EventBus;
  viewers: Pick<ViewerResolver, 'viewerOfToken'>;
  sessions: Pick<SessionWatch, 'watch'>;
  redisUrl?: string;
  onError?: BusErrorHandler;
  outageLog?: RedisOutageLog;
}): SocketServer {
  const onError = deps.onError ?? logBusError;
  const io: SocketIoServer = new Server(deps.httpServer, { path: '/socket.io', serveClient: false });

  let redisClients: Redis[] = [];
  if (deps.redisUrl) {
    const { pub, sub } = createAdapterClients(deps.redisUrl, deps.outageLog ?? outageLogVia(onError));
    redisClients = [pub, sub];
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) {
      socket.data.viewer = null;
      next();
      return;
    }
    deps.viewers.viewerOfToken(token).then(
      (viewer) => {
        if (!viewer) return next(new Error(AUTH_FAILED));
        socket.data.viewer = viewer;
        next();
      },
      (error: unknown) => {
        onError(error, 'socket authentication');
        next(new Error(AUTH_FAILED));
      },
    );
  });

  io.on('connection', (socket) => {
    const viewer = socket.data.viewer;
    void socket.join(['public', ...roomsOf(viewer)]);
    if (!viewer) return;
    const unwatch = deps.sessions.watch(viewer.sessionId, viewer, (grant) => {
      const current = socket.data.viewer;
      if (!current) return;
      const next = grant ? { ...current, ...grant } : null;
      for (const room of roomsOf(current)) if (!roomsOf(next).includes(room)) void socket.leave(room);
      void socket.join(roomsOf(next));
      socket.data.viewer = next;
      if (!next) socket.emit('error', { message: SESSION_ENDED });
    });
    socket.on('disconnect', unwatch);
  });

  const unsubscribe = deps.bus.subscribe((message) => forward(io, message));

  return {
    io,
    async close() {
      unsubscribe();
      // This process's sockets only (with the Redis adapter `io` would reach every process's).
      // The hint goes out, then the transports close without socket.io's disconnect packet:
      // clients see a transport close and reconnect, to a process still up behind the balancer,
      // where a server-side disconnect would tell them to stay away. Engine.io sends what is
      // buffered before closing a connection.
      io.local.emit('server_shutdown', { message: SERVER_SHUTTING_DOWN, reconnect: true });
      io.engine.close();
      await Promise.allSettled([...io._nsps.values()].map(async (nsp) => nsp.adapter.close()));
      await Promise.allSettled(redisClients.map((client) => client.quit()));
    },
  };
}

function forward(io: SocketIoServer, message: BusMessage): void {
  if (message.rooms.length === 0 || !(message.event in serverToClientEventSchemas)) return;
  // The bus types payloads per event; socket.io's typed emit cannot follow a runtime event name.
  const target = io.local.to(message.rooms) as unknown as { emit(event: string, payload: unknown): boolean };
  target.emit(message.event, message.payload);
}

function handshakeToken(socket: ClientSocket): string | null {
  const { auth, headers } = socket.handshake;
  const candidates: unknown[] = [(auth as { token?: unknown }).token, headers.authorization];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const token = candidate.replace(/^Bearer\s+/i, '').trim();
    if (token) return token;
  }
  return null;
}
