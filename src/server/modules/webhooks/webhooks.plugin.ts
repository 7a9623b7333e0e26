import fp from 'fastify-plugin';
import { announce } from '../../shared/domain-events';
import { registerWebhookRoutes } from './webhooks.routes';
import { createWebhooksService, type WebhooksService } from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Traders' outbound webhooks (issue #21). */
    webhooks: WebhooksService;
  }
}

/** How often the worker looks for due deliveries. */
export const WEBHOOK_TASK_EVERY_MS = 1_000;

/**
 * A notification channel: every event a trader's endpoints chose is queued as it is announced, and
 * the worker's task `webhook-deliveries` sends what is due.
 */
export const webhooksPlugin = fp(
  async (app) => {
    const webhooks = createWebhooksService({
      db: app.db,
      authSecret: app.config.authSecret,
      publicUrl: app.config.publicUrl,
      allowPrivate: app.config.allowPrivateFeeds,
      preferences: app.preferences,
      onDisabled: (userId, webhook) =>
        announce(app.events, { userId, subject: { kind: 'webhook.disabled', webhook } }, (err) =>
          app.log.error({ err }, 'a webhook-disabled notification was not queued'),
        ),
      log: app.log,
    });
    app.decorate('webhooks', webhooks);
    app.notifications.onEvent((event) => webhooks.enqueue(event));
    app.notifications.addTask({
      name: 'webhook-deliveries',
      every: () => WEBHOOK_TASK_EVERY_MS,
      run: () => webhooks.sendDue(),
    });
    registerWebhookRoutes(app, { webhooks, viewers: app.viewers });
  },
  { name: 'webhooks', dependencies: ['core', 'auth', 'preferences', 'notifications'] },
);
