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
import { createAuth } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createOrganizationsService } from './modules/auth/organizations.service';
import { createViewerResolver } from './modules/auth/viewer';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  rateLimits?: RateLimits;
  /** Folder of the built web app; defaults to dist/web beside the repo. */
  webDir?: string;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
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

  const settings = createSettingsService(db);
  const organizations = createOrganizationsService(db);
  const auth = createAuth({ config, db, organizations });
  const viewers = createViewerResolver({ auth, db, organizations });

  registerAuthRoutes(app, { auth, config, db, rateLimits, viewers });
  registerAccountRoutes(app, { viewers, organizations });
  registerContactRoutes(app, { db, viewers, rateLimits });
  await registerAdminScope(app, { viewers, routes: [registerSettingsRoutes({ settings, viewers })] });
  await registerSpa(app, options.webDir ?? path.join(REPO_ROOT, 'dist/web'));

  return app;
}
