import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/events';

/*
 * The one realtime client of the web app, typed from the contract's event map. Trader spec 7:
 * same host (wss on https pages), path /socket.io, websocket transport only, `userId` (or
 * 'anonymous') in the query, unlimited reconnection from 1 s growing to 5 s with jitter 0.5, 20 s
 * connect timeout, no emits. Identity is the bearer token in the handshake's `auth`; without one
 * the server lets the socket in for public events only (the landing page).
 */

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const SOCKET_PATH = '/socket.io';

export interface OpenSocketOptions {
  /** Bearer token of a signed-in screen; null connects anonymously (public events only). */
  token: string | null;
  /** The signed-in user's id; null is sent as 'anonymous'. */
  userId: string | null;
}

export function socketOptions({ token, userId }: OpenSocketOptions): Partial<ManagerOptions & SocketOptions> {
  return {
    path: SOCKET_PATH,
    transports: ['websocket'],
    query: { userId: userId ?? 'anonymous' },
    ...(token ? { auth: { token } } : {}),
    // Each screen owns its connection: socket.io would otherwise share one cached Manager per
    // host, with the first screen's query and token. The screen connects it in an effect.
    forceNew: true,
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    randomizationFactor: 0.5,
    timeout: 20_000,
  };
}

/** A socket to the page's own host, not yet connected: `connect()` it, then `disconnect()` it. */
export function createSocket(options: OpenSocketOptions): AppSocket {
  return io(socketOptions(options));
}

/** Trader spec section 8, sockets. */
export const SOCKET_MESSAGES = {
  websocketFailed: 'WebSocket connection failed',
  failed: 'Socket.IO connection failed',
  error: 'Socket.IO connection error',
  disconnected: 'Live updates disconnected. Reconnecting...',
} as const;

export interface ConnectionNotifier {
  show(message: string, toastId: string): void;
  dismiss(toastId: string): void;
}

const DISCONNECTED_TOAST = 'socket-disconnected';

function isTransportError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'TransportError'
  );
}

/**
 * Tells the user about connection trouble, at most once per outage: the reconnection loop fails
 * every few seconds while the server is away, and a toast each time would bury the screen. An
 * outage ends at the next successful connect. Which text:
 * - the server refused the socket (e.g. 'Authentication failed'; socket.io does not retry that),
 *   or the server closed it, or the retries ran out: 'Socket.IO connection failed';
 * - the websocket itself could not be opened (server down, proxy without websocket support):
 *   'WebSocket connection failed';
 * - any other connect error (e.g. the 20 s timeout): 'Socket.IO connection error';
 * - a live connection dropped and is being retried: 'Live updates disconnected. Reconnecting...'.
 * A server `error` event (e.g. 'Session ended') is shown with its own message.
 * Returns a function that stops watching.
 */
export function watchConnection(socket: AppSocket, notifier: ConnectionNotifier): () => void {
  let reported = false;
  const report = (message: string, toastId: string) => {
    if (reported) return;
    reported = true;
    notifier.show(message, toastId);
  };

  const onConnect = () => {
    reported = false;
    notifier.dismiss(DISCONNECTED_TOAST);
  };
  const onConnectError = (error: Error) => {
    if (!socket.active) report(SOCKET_MESSAGES.failed, 'socket-failed');
    else if (isTransportError(error)) report(SOCKET_MESSAGES.websocketFailed, 'socket-websocket-failed');
    else report(SOCKET_MESSAGES.error, 'socket-connect-error');
  };
  const onDisconnect = (reason: Socket.DisconnectReason) => {
    if (reason === 'io client disconnect') return;
    if (socket.active) report(SOCKET_MESSAGES.disconnected, DISCONNECTED_TOAST);
    else report(SOCKET_MESSAGES.failed, 'socket-failed');
  };
  const onReconnectFailed = () => {
    reported = false;
    report(SOCKET_MESSAGES.failed, 'socket-failed');
  };
  const onServerError = (payload: { message?: unknown }) => {
    if (typeof payload?.message === 'string' && payload.message) {
      notifier.show(payload.message, `socket-error-${payload.message}`);
    }
  };

  socket.on('connect', onConnect);
  socket.on('connect_error', onConnectError);
  socket.on('disconnect', onDisconnect);
  socket.on('error', onServerError);
  socket.io.on('reconnect_failed', onReconnectFailed);
  return () => {
    socket.off('connect', onConnect);
    socket.off('connect_error', onConnectError);
    socket.off('disconnect', onDisconnect);
    socket.off('error', onServerError);
    socket.io.off('reconnect_failed', onReconnectFailed);
  };
}
