import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { toast } from 'react-toastify';
import {
  SESSION_ENDED,
  serverToClientEventSchemas,
  type ServerToClientEventName,
  type ServerToClientPayloads,
} from '../../contract/events';
import { getAuthToken } from './auth-token';
import { meQueryKey } from './auth/me-query';
import { useAuth } from './auth/use-auth';
import { createSocket, watchConnection, type AppSocket, type ConnectionNotifier } from './socket';

const toastNotifier: ConnectionNotifier = {
  show: (message, toastId) => toast.error(message, { toastId }),
  dismiss: (toastId) => toast.dismiss(toastId),
};

/**
 * The screen's socket: opened with the signed-in user's token (anonymous when signed out) when the
 * screen mounts, closed when it is left (trader spec 4: "Sockets close when the screen is left").
 * Connection trouble is toasted once per outage. Call it once per screen and pass the socket to
 * `useSocketEvent` for each event the screen listens to.
 */
export function useSocket(): AppSocket {
  const userId = useAuth().user?.id ?? null;
  const queryClient = useQueryClient();
  // Creating the socket opens nothing (autoConnect is off), so it may happen during render.
  const socket = useMemo(() => createSocket({ token: getAuthToken(), userId }), [userId]);
  // The screen's data is read again: its 401 shows the screen's own message (trades: 'Please sign
  // in to view trades') and re-checks /api/me, whose 401 then signs this page out (query-client.ts).
  const onSessionEnded = useEffectEvent(
    () => void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] }),
  );
  useEffect(() => {
    const unwatch = watchConnection(socket, toastNotifier);
    // This session was ended elsewhere (signed out, revoked from Settings, a new password).
    const onError = (payload: { message?: unknown }) => {
      if (payload?.message === SESSION_ENDED) onSessionEnded();
    };
    socket.on('error', onError);
    socket.connect();
    return () => {
      unwatch();
      socket.off('error', onError);
      socket.disconnect();
    };
  }, [socket]);
  return socket;
}

/**
 * Calls `handler` with each `event` the server sends, once its payload has passed the contract's
 * schema (a malformed payload is dropped rather than merged into the screen's data). The handler
 * may change on every render; the subscription stays.
 */
export function useSocketEvent<E extends ServerToClientEventName>(
  socket: AppSocket,
  event: E,
  handler: (payload: ServerToClientPayloads[E]) => void,
): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const schema = serverToClientEventSchemas[event];
    const listener = (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) onEvent(parsed.data as ServerToClientPayloads[E]);
    };
    // socket.io's typed `on` cannot follow a generic event name; the schema above types the payload.
    const untyped = socket as unknown as {
      on(name: string, fn: (payload: unknown) => void): void;
      off(name: string, fn: (payload: unknown) => void): void;
    };
    untyped.on(event, listener);
    return () => untyped.off(event, listener);
  }, [socket, event]);
}
