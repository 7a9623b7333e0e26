import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listNotificationsEndpoint, markNotificationsReadEndpoint } from '../../../contract/notifications';
import type { ViewerResolver } from '../auth/viewer';
import type { NotificationsService } from './notifications.service';

/** The bell: the caller's own notifications only (no id of another trader's is ever read or changed). */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService; viewers: ViewerResolver },
): void {
  const { notifications, viewers } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    listNotificationsEndpoint.path,
    {
      schema: {
        querystring: listNotificationsEndpoint.query,
        response: { 200: listNotificationsEndpoint.response },
      },
    },
    async (request) => notifications.list((await viewers.requireUser(request)).userId, request.query),
  );
  typed.post(
    markNotificationsReadEndpoint.path,
    {
      schema: {
        body: markNotificationsReadEndpoint.body,
        response: { 200: markNotificationsReadEndpoint.response },
      },
    },
    async (request) => {
      await notifications.markRead((await viewers.requireUser(request)).userId, request.body);
      return { ok: true as const };
    },
  );
}
