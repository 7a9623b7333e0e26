import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandler } from './http/errors';
import { defaultRateLimits, type RateLimits } from './http/rate-limits';
import { recordRoutes } from './http/route-table';
import { registerSpa } from './http/spa';
import { registerAccountRoutes } from './modules/account/account.routes';
import { registerAdminScope } from './modules/admin/admin.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { registerSignalQualityRoutes } from './modules/signal-quality/signal-quality.routes';
import { registerTriggerRoutes } from './modules/triggers/triggers.routes';
import { registerAdminHeatMapRoutes, registerHeatMapRoutes } from './modules/offers/heat-map.routes';
import { registerOfferRoutes } from './modules/offers/offers.routes';
import { registerPairRoutes } from './modules/pairs/pairs.routes';
import { registerAdminLiveRoutes } from './realtime/admin-live.routes';
import { attachRealtime } from './realtime/attach-realtime';
import { createServices, type ServiceOverrides, type Services } from './services';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  rateLimits?: RateLimits;
  /** Folder of the built web app; defaults to dist/web beside the repo. */
  webDir?: string;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  overrides?: ServiceOverrides;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain services (main.ts starts the worker from them; tests drive them directly). */
    services: Services;
  }
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** The composition root: builds every service once and wires the HTTP surface. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const rateLimits = options.rateLimits ?? defaultRateLimits;
  const db = database.db;

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'res.headers["set-auth-token"]',
      ],
    },
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    trustProxy: true,
    // Idle keep-alive sockets (e.g. a closed SSE reader's) must not hold a shutdown open.
    forceCloseConnections: true,
    // Requests the HTTP parser refuses (e.g. a control character in a header) still get `{ error }`.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({ error: 'Malformed HTTP request' });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Self-hosters often serve plain http on a LAN address: only ask browsers to upgrade under https.
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: https ? [] : null } },
    strictTransportSecurity: https,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds`,
    }),
  });

  const services = createServices(config, db, app.log, options.overrides);
  app.decorate('services', services);
  app.addHook('onClose', async () => services.close());
  const { settings, organizations, viewers, triggers, heatMap, bus } = services;

  registerAuthRoutes(app, { auth: services.auth, config, db, rateLimits, viewers });
  registerAccountRoutes(app, { viewers, organizations });
  registerContactRoutes(app, { contact: services.contact, viewers, rateLimits });
  const triggerRoutes = registerTriggerRoutes({ triggers, viewers });
  triggerRoutes.public(app);

  // Realtime: one bus; socket.io and SSE are views of it.
  attachRealtime(app, { bus, viewers, redisUrl: config.redisUrl });
  registerHeatMapRoutes(app, { heatMap });
  registerOfferRoutes(app, { offers: services.offers, viewers });
  registerPairRoutes(app, { pairs: services.pairs, viewers, bus, heatMap });
  registerSignalQualityRoutes(app, { signalQuality: services.signalQuality, viewers });

  await registerAdminScope(app, {
    viewers,
    routes: [
      registerSettingsRoutes({ settings, viewers }),
      triggerRoutes.admin,
      registerAdminHeatMapRoutes({ heatMap }),
      registerAdminLiveRoutes({ bus }),
      (scope) => services.systemHealth.registerRoutes(scope),
    ],
  });
  await registerSpa(app, options.webDir ?? path.join(REPO_ROOT, 'dist/web'));

  return app;
}
