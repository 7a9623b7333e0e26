import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSessionsEndpoint,
  revokeOtherSessionsEndpoint,
  revokeSessionEndpoint,
  SESSION_NOT_FOUND,
} from '../../../contract/sessions';
import { notFound } from '../../http/errors';
import { describeDevice } from './device';
import type { SessionsRepo } from './sessions.repo';
import type { ViewerResolver } from './viewer';

/**
 * The caller's own sessions (Settings): list them, end one, or end all others. An ended session
 * is announced as `auth_changed`, so every process drops it from its cache at once and its live
 * connections close within seconds.
 */
export function registerSessionRoutes(
  scope: FastifyInstance,
  deps: { sessions: SessionsRepo; viewers: ViewerResolver },
): void {
  const { sessions, viewers } = deps;
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    accountSessionsEndpoint.path,
    { schema: { response: { 200: accountSessionsEndpoint.response } } },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      const rows = await sessions.liveSessionsOf(viewer.userId);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === viewer.sessionId,
          device: describeDevice(row.userAgent),
          ipAddress: row.ipAddress || null,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
        })),
      };
    },
  );
  app.delete(
    revokeSessionEndpoint.path,
    {
      schema: { params: revokeSessionEndpoint.params, response: { 200: revokeSessionEndpoint.response } },
    },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      const revoked = await sessions.deleteSession(viewer.userId, request.params.id);
      if (revoked === 0) throw notFound(SESSION_NOT_FOUND);
      viewers.announce({ userIds: [viewer.userId] });
      return { revoked };
    },
  );
  app.post(
    revokeOtherSessionsEndpoint.path,
    {
      schema: {
        body: revokeOtherSessionsEndpoint.body,
        response: { 200: revokeOtherSessionsEndpoint.response },
      },
    },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      const revoked = await sessions.deleteOtherSessions(viewer.userId, viewer.sessionId);
      if (revoked > 0) viewers.announce({ userIds: [viewer.userId] });
      return { revoked };
    },
  );
}
