/**
 * One event bus inside the server; socket.io rooms and SSE streams are views of it (DESIGN:
 * Realtime). In-process by default; with REDIS_URL the same interface is backed by Redis pub/sub
 * so api and worker processes see each other's events.
 */
import type { ServerToClientEventName, ServerToClientPayloads } from '../../contract/events';
import type { TickerTick } from '../../contract/pairs';

/** `public` reaches everyone incl. anonymous landing-page sockets; `traders` every signed-in socket; `admins` only admins. */
export type Room = 'public' | 'traders' | 'admins' | `user:${string}`;

/** Events that never go to a socket as such but feed SSE streams and server-side listeners. */
export interface InternalPayloads {
  /** A fresh ticker of one pair (feeds GET /api/pairs/subscribe). */
  ticker: { pair: string; ticker: TickerTick };
  /** An analysis finished and its results are stored (heat-map cache refresh). */
  analysis_completed: { pair: string; analysisId: string };
  /** Something behind a pair's heat-map entry changed (offer, trigger, error): every process re-reads it. */
  heatmap_refresh: { pair: string };
  /**
   * Sessions, memberships or roles of these users changed (sign-out, demotion, organisation
   * switch...), or of anyone when `all`: every process drops their cached viewers and re-checks
   * their sockets and admin streams at once. Carries user ids only, never a token.
   */
  auth_changed: { userIds: string[]; all?: boolean };
  /** The global settings changed: every process drops its cached copy (settings.service.ts). */
  settings_changed: { updatedAt: string };
  /** A trader's preferences changed: every process drops its cached copy (preferences.service.ts). */
  preferences_changed: { userId: string };
  /** Something an operator must look at (a reconciliation drift): the admin stream's `alert` channel. */
  admin_alert: { message: string; at: string };
}

export type BusPayloads = ServerToClientPayloads & InternalPayloads;
export type BusEventName = keyof BusPayloads;

export interface BusMessage<K extends BusEventName = BusEventName> {
  event: K;
  payload: BusPayloads[K];
  /** Socket rooms the event is for; internal events carry none. */
  rooms: Room[];
  /** `nodeId` of the bus that published it (tells a process its own messages from other processes'). */
  origin: string;
}

export interface PublishOptions {
  /**
   * Deliver to this process's listeners only. For events every process derives itself (e.g. each
   * api process refreshes its heat-map cache and tells its own sockets), so that with several
   * processes a client still gets each event once.
   */
  local?: boolean;
}

export type BusListener = (message: BusMessage) => void;

/**
 * Both implementations deliver to this process's listeners synchronously inside `publish`; a
 * listener that throws is logged and never breaks the publisher or the other listeners.
 */
export interface EventBus {
  /** Unique per bus instance (i.e. per process). */
  readonly nodeId: string;
  publish<K extends BusEventName>(
    event: K,
    payload: BusPayloads[K],
    rooms?: Room[],
    options?: PublishOptions,
  ): void;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

export type { ServerToClientEventName };

/** Narrows a message to one event, typing its payload. */
export function isBusEvent<K extends BusEventName>(message: BusMessage, event: K): message is BusMessage<K> {
  return message.event === event;
}
