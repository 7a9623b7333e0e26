import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import pino from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandler } from './http/errors';
import { defaultRateLimits, type RateLimits } from './http/rate-limits';
import { guardRoutes } from './http/route-auth';
import { recordRoutes } from './http/route-table';
import { registerSpa } from './http/spa';
import { registerAccountRoutes } from './modules/account/account.routes';
import { registerAdminListRoutes } from './modules/admin/admin-lists.routes';
import { registerAdminScope } from './modules/admin/admin.routes';
import { createPairDetails } from './modules/admin/pair-details';
import { registerPairDetailsRoutes } from './modules/admin/pair-details.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerAuditLogRoutes } from './modules/logs/logs.routes';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { registerSignalQualityRoutes } from './modules/signal-quality/signal-quality.routes';
import { registerTriggerRoutes } from './modules/triggers/triggers.routes';
import { registerWebhookSecretRoutes } from './modules/triggers/webhook-secrets.routes';
import { registerAdminHeatMapRoutes, registerHeatMapRoutes } from './modules/offers/heat-map.routes';
import { registerOfferRoutes } from './modules/offers/offers.routes';
import { registerPairsAdminRoutes } from './modules/pairs/pairs-admin.routes';
import { registerPairRoutes } from './modules/pairs/pairs.routes';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { registerPreferenceRoutes } from './modules/preferences/preferences.routes';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { registerReferralRoutes } from './modules/referrals/referrals.routes';
import { registerHealthRoutes } from './modules/system/health.routes';
import { registerTradingRoutes } from './modules/trading/trading.routes';
import { registerAdminLiveRoutes } from './realtime/admin-live.routes';
import { attachRealtime } from './realtime/attach-realtime';
import { createServices, type ServiceOverrides, type Services } from './services';
import { REPO_ROOT } from './shared/repo-root';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  rateLimits?: RateLimits;
  /** Folder of the built web app; defaults to dist/web beside the repo. */
  webDir?: string;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  overrides?: ServiceOverrides;
  /** Where the log's JSON lines go; standard output by default. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain services (main.ts starts the worker from them; tests drive them directly). */
    services: Services;
    /** Set once shutdown begins: /readyz answers 503, so balancers stop sending work here. */
    lifecycle: { shuttingDown: boolean };
  }
}

/**
 * The log's lines on standard output, written synchronously. pino's default destination is
 * asynchronous and flushes what it holds when the process exits, retrying for ever; when the
 * reader of our output stops reading and then goes away (a supervisor or a test runner that ended),
 * that flush never returns and the process never exits. A synchronous write waits for a slow reader
 * and drops the log once the reader is gone, so a stop is always a stop.
 */
function standardOutput() {
  return pino.destination({ dest: 1, sync: true });
}

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
      stream: options.logStream ?? standardOutput(),
    },
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    // Off unless configured: a forged X-Forwarded-For must not pick the per-IP rate-limit key.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Idle keep-alive sockets must not hold a shutdown open; requests in flight finish first (SSE
    // streams and sockets are ended by their own close hooks).
    forceCloseConnections: 'idle',
    // The router refuses a URL before any route runs (bad percent-escape, bad content type header).
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message;
      void (reply as unknown as FastifyReply).status(error.statusCode ?? 400).send({ error: message });
    },
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
  app.decorate('lifecycle', { shuttingDown: false });
  app.addHook('preClose', async () => {
    app.lifecycle.shuttingDown = true;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Self-hosters often serve plain http on a LAN address: only ask browsers to upgrade under https.
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: https ? [] : null } },
    strictTransportSecurity: https,
  });
  // gzip/br per Accept-Encoding above 1 KB. SSE streams hijack the reply and socket.io answers
  // before Fastify routes, so neither passes through it.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds`,
    }),
  });

  const services = createServices(config, db, app.log, options.overrides);
  app.decorate('services', services);
  const { settings, viewers, triggers, heatMap, bus } = services;
  // Before any route: protected routes check the caller before parsing or validating input.
  guardRoutes(app, viewers);

  registerAuthRoutes(app, { auth: services.auth, config, db, rateLimits, viewers });
  registerAccountRoutes(app, { viewers });
  registerContactRoutes(app, { contact: services.contact, viewers, rateLimits });
  const { webhookSecrets } = services;
  const triggerRoutes = registerTriggerRoutes({ triggers, viewers, webhookSecrets });
  triggerRoutes.public(app);

  // Realtime: one bus; socket.io and SSE are views of it.
  attachRealtime(app, { bus, viewers, redisUrl: config.redisUrl });
  registerHeatMapRoutes(app, { heatMap });
  registerOfferRoutes(app, { offers: services.offers, viewers });
  registerTradingRoutes(app, { trading: services.trading, ledger: services.ledger, viewers });
  registerPairRoutes(app, { pairs: services.pairs, viewers, bus, heatMap });
  registerSignalQualityRoutes(app, { signalQuality: services.signalQuality, viewers });
  const paymentRoutes = registerPaymentRoutes({
    payments: services.payments,
    ledger: services.ledger,
    viewers,
  });
  paymentRoutes.trader(app);
  registerReferralRoutes(app, { referrals: services.referrals, viewers });
  registerPreferenceRoutes(app, { preferences: services.preferences, viewers });

  await registerAdminScope(app, {
    viewers,
    routes: [
      registerSettingsRoutes({ settings, viewers }),
      triggerRoutes.admin,
      registerWebhookSecretRoutes({ webhookSecrets, viewers }),
      registerAdminHeatMapRoutes({ heatMap }),
      paymentRoutes.admin,
      registerAdminLiveRoutes({ bus, viewers, sessions: app.realtime.sessions }),
      (scope) => services.systemHealth.registerRoutes(scope),
      registerAdminListRoutes(db),
      registerPairDetailsRoutes(
        createPairDetails({ db, market: services.market, marketNow: () => services.source.now() }),
      ),
      registerAuditLogRoutes({ logs: services.logs }),
      registerReportRoutes({ reports: services.reports }),
      registerPairsAdminRoutes({ pairsAdmin: services.pairsAdmin, viewers }),
    ],
  });
  registerHealthRoutes(app, {
    systemHealth: services.systemHealth,
    shuttingDown: () => app.lifecycle.shuttingDown,
  });
  await registerSpa(app, options.webDir ?? path.join(REPO_ROOT, 'dist/web'));
  // onClose hooks run last-registered first: the services (the worker finishing its analysis
  // jobs) close before the bus and the heat map they still publish to. The database is the
  // caller's, closed after the app.
  app.addHook('onClose', async () => services.close());

  return app;
}

/** A hop count as Fastify's typed function form (proxy-addr gives a number the same meaning). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
