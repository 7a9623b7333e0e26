import { z } from 'zod';
import { isoDateTimeSchema, pairSymbolSchema } from './common';
import {
  analysisStageSchema,
  analysisStatusSchema,
  pairUpdateActionSchema,
  tradeStatusSchema,
} from './enums';
import { heatMapUpdateSchema } from './heatmap';
import { notificationSchema } from './notifications';
import { offerSchema } from './offers';
import { tradeSchema } from './trades';
import { tradingHaltSchema } from './trading-halt';

/*
 * Realtime payloads, defined once for the server's emitters and the web's listeners.
 * socket.io on /socket.io (websocket transport); which room gets what is the server's business.
 */

/** Handshake `auth`: the bearer token; the landing page connects without one (public events only). */
export const socketAuthSchema = z.object({ token: z.string().min(1).optional() });
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** Handshake `query`: the user id or 'anonymous' (informational; identity comes from the token). */
export const socketQuerySchema = z.object({ userId: z.string().optional() });
export type SocketQuery = z.infer<typeof socketQuerySchema>;

export const analysisStatusEventSchema = z.object({
  pair: pairSymbolSchema,
  analysisId: z.string(),
  status: analysisStatusSchema,
  /** Null while queued. */
  stage: analysisStageSchema.nullable(),
  /** Percent 0-100. */
  progress: z.number().min(0).max(100),
  error: z.string().optional(),
});
export type AnalysisStatusEvent = z.infer<typeof analysisStatusEventSchema>;

/** The changed fields of one of the receiver's trades. */
export const tradeUpdateEventSchema = tradeSchema
  .partial()
  .extend({ id: z.string(), status: tradeStatusSchema });
export type TradeUpdateEvent = z.infer<typeof tradeUpdateEventSchema>;

/** The receiver's balances in dollars after any movement of their money (deposit, trade, tip, ...). */
export const balanceUpdateEventSchema = z.object({ balance: z.number(), held: z.number() });
export type BalanceUpdateEvent = z.infer<typeof balanceUpdateEventSchema>;

export const pairUpdateEventSchema = z.object({ pair: pairSymbolSchema, action: pairUpdateActionSchema });
export type PairUpdateEvent = z.infer<typeof pairUpdateEventSchema>;

export const workerLogEventSchema = z.object({
  pair: pairSymbolSchema,
  error: z.string(),
  at: isoDateTimeSchema,
});
export type WorkerLogEvent = z.infer<typeof workerLogEventSchema>;

export const socketErrorEventSchema = z.object({ message: z.string() });
export type SocketErrorEvent = z.infer<typeof socketErrorEventSchema>;

/**
 * Sent to every socket of an API process that is shutting down, just before its connection is
 * closed: the client should reconnect (the load balancer sends it to a process still up), and
 * socket.io's own reconnection does so, since the close is a transport close, not a disconnect.
 */
export const serverShutdownEventSchema = z.object({ message: z.string(), reconnect: z.literal(true) });

/** Event name → payload schema, server to client. */
export const serverToClientEventSchemas = {
  /** Changed fields per pair, merged over the current heat map (public). */
  heatmap_update: heatMapUpdateSchema,
  /** An offer changed (status, scores, outcome); replaces the one with the same id. */
  offer_update: offerSchema,
  /** A new offer, put at the top of the list. */
  new_offer: offerSchema,
  analysis_status: analysisStatusEventSchema,
  trade_update: tradeUpdateEventSchema,
  balance_update: balanceUpdateEventSchema,
  /** Admins: a crypto pair was added, changed or removed. */
  pair_updates: pairUpdateEventSchema,
  /** Admins: a worker failed on a pair. */
  worker_log: workerLogEventSchema,
  error: socketErrorEventSchema,
  server_shutdown: serverShutdownEventSchema,
  /** Signed-in users: an admin halted or resumed new accepts (issue #20); replaces the last state. */
  trading_halt: tradingHaltSchema,
  /** The receiver's new notification (the bell): put at the top of the list, unread. */
  notification: notificationSchema,
} as const;

export type ServerToClientEventName = keyof typeof serverToClientEventSchemas;
export type ServerToClientPayloads = {
  [K in ServerToClientEventName]: z.infer<(typeof serverToClientEventSchemas)[K]>;
};
/** For `Server<ClientToServerEvents, ServerToClientEvents>` and `Socket<ServerToClientEvents, ClientToServerEvents>`. */
export type ServerToClientEvents = {
  [K in ServerToClientEventName]: (payload: ServerToClientPayloads[K]) => void;
};
/** Clients emit nothing; rooms are joined by the server from the token. */
export type ClientToServerEvents = Record<never, never>;

/** Channels of the admin event stream GET /api/admin/heatmap/live. */
export const adminLiveChannelSchema = z.enum(['pair_updates:all', 'analysis_status', 'worker_log', 'alert']);
export type AdminLiveChannel = z.infer<typeof adminLiveChannelSchema>;

/**
 * One server-sent message of the admin stream (JSON in `data:`). pair_updates:all carries pair and
 * action; analysis_status pair, analysisId, status, stage, progress (and error when failed);
 * worker_log pair and error; alert (something an operator must look at, e.g. a reconciliation drift)
 * its text in error.
 */
export const adminLiveMessageSchema = z.object({
  channel: adminLiveChannelSchema,
  pair: pairSymbolSchema.optional(),
  analysisId: z.string().optional(),
  status: analysisStatusSchema.optional(),
  stage: analysisStageSchema.nullable().optional(),
  action: pairUpdateActionSchema.optional(),
  progress: z.number().min(0).max(100).optional(),
  error: z.string().optional(),
  at: isoDateTimeSchema,
});
export type AdminLiveMessage = z.infer<typeof adminLiveMessageSchema>;

/** The socket `error` message when its session ends (signed out, revoked, a new password). */
export const SESSION_ENDED = 'Session ended';
