import fp from 'fastify-plugin';
import { registerNotificationRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What traders are told, and the bell (issue #21). Channels add themselves with `onEvent`. */
    notifications: NotificationsService;
  }
}

/**
 * Hears the changes that concern traders in this process (a new offer where it was published,
 * a trade, a withdrawal decision, a guardrail's refusal) and tells them. The listeners return at
 * once: no change waits for its notifications.
 */
export const notificationsPlugin = fp(
  async (app) => {
    const notifications = createNotificationsService({
      db: app.db,
      bus: app.bus,
      offers: app.offers,
      preferences: app.preferences,
      log: app.log,
    });
    app.decorate('notifications', notifications);
    app.events.on('offers_changed', (result) => {
      void notifications.offersChanged(result);
    });
    app.events.on('user_event', (event) => {
      void notifications.userEvent(event);
    });
    registerNotificationRoutes(app, { notifications, viewers: app.viewers });
    app.addHook('onClose', () => notifications.settled());
  },
  { name: 'notifications', dependencies: ['core', 'auth', 'preferences', 'offers'] },
);
