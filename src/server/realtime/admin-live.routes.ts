import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminHeatMapLiveEndpoint } from '../../contract/admin-heatmap';
import { commaList } from '../../contract/common';
import { adminLiveChannelSchema, type AdminLiveChannel, type AdminLiveMessage } from '../../contract/events';
import type { ViewerResolver } from '../modules/auth/viewer';
import { isBusEvent, type BusMessage, type EventBus } from './event-bus';
import type { SessionWatch } from './session-watch';
import { createEventStreams } from './sse';

/**
 * `channels` narrows the stream (default: all of them). Unknown parameters are refused so a
 * mistyped filter is not silently ignored.
 */
const adminLiveQuerySchema = z.strictObject({ channels: commaList(adminLiveChannelSchema).optional() });

/** Bus event → admin stream message, or null when it is not for this stream. */
export function toAdminLiveMessage(message: BusMessage, at = new Date()): AdminLiveMessage | null {
  const stamp = at.toISOString();
  if (isBusEvent(message, 'pair_updates')) {
    const { pair, action } = message.payload;
    return { channel: 'pair_updates:all', pair, action, at: stamp };
  }
  if (isBusEvent(message, 'analysis_status')) {
    return { channel: 'analysis_status', ...message.payload, at: stamp };
  }
  if (isBusEvent(message, 'worker_log')) {
    const { pair, error, at: when } = message.payload;
    return { channel: 'worker_log', pair, error, at: when };
  }
  if (isBusEvent(message, 'admin_alert')) {
    return { channel: 'alert', error: message.payload.message, at: message.payload.at };
  }
  return null;
}

/**
 * GET /api/admin/heatmap/live: admins only (the route guard answers 401/403). A
 * stream ends within 5 s of its session losing admin rights (sign-out, demotion, switch).
 */
export function registerAdminLiveRoutes(
  scope: FastifyInstance,
  deps: {
    bus: EventBus;
    viewers: Pick<ViewerResolver, 'requireAdmin'>;
    sessions: Pick<SessionWatch, 'watch'>;
    heartbeatMs?: number;
  },
) {
  const streams = createEventStreams(scope, { heartbeatMs: deps.heartbeatMs });
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      adminHeatMapLiveEndpoint.path,
      { schema: { querystring: adminLiveQuerySchema } },
      async (request, reply) => {
        const admin = await deps.viewers.requireAdmin(request);
        const wanted = new Set<AdminLiveChannel>(request.query.channels ?? adminLiveChannelSchema.options);
        const stream = streams.open(request, reply);
        stream.onClose(
          deps.sessions.watch(admin.sessionId, admin, (grant) => {
            if (!grant?.isAdmin) stream.close();
          }),
        );
        const unsubscribe = deps.bus.subscribe((message) => {
          const live = toAdminLiveMessage(message);
          if (live && wanted.has(live.channel)) stream.send(live);
        });
        stream.onClose(unsubscribe);
        return reply;
      },
    );
}
