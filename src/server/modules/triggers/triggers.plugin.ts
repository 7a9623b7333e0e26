import fp from 'fastify-plugin';
import { registerTriggerRoutes } from './triggers.routes';
import { createTriggersService, type TriggersService } from './triggers.service';
import { registerWebhookSecretRoutes } from './webhook-secrets.routes';
import { createWebhookSecretsService } from './webhook-secrets.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Market, feed, webhook and admin triggers: each fires an analysis of its pair. */
    triggers: TriggersService;
  }
}

export const triggersPlugin = fp(
  async (app) => {
    const { settings, viewers } = app;
    const triggers = createTriggersService({
      db: app.db,
      logs: app.logs,
      thresholds: () => settings.autoAnalysisConfig(),
      requestAnalysis: (request) => app.analysis.requestAnalysis(request),
      fetchFeed: app.fetchFeed,
      log: app.log,
    });
    const webhookSecrets = createWebhookSecretsService({
      db: app.db,
      authSecret: app.config.authSecret,
      logs: app.logs,
    });
    app.decorate('triggers', triggers);
    registerTriggerRoutes(app, { triggers, viewers, webhookSecrets });
    registerWebhookSecretRoutes(app, { webhookSecrets, viewers });
  },
  { name: 'triggers', dependencies: ['core', 'providers', 'logs', 'settings', 'auth', 'analysis'] },
);
