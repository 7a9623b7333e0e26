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
import { registerOpenApiRoutes } from './http/openapi.routes';
import { defaultRateLimits, type RateLimits } from './http/rate-limits';
import { recordRoutes } from './http/route-table';
import { registerSpa } from './http/spa';
import { corePlugin } from './plugins/core.plugin';
import { MODULE_PLUGINS } from './plugins';
import { providersPlugin, type ProviderOverrides } from './plugins/providers.plugin';
import type { EventBus } from './realtime/event-bus';
import { REPO_ROOT } from './shared/repo-root';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  rateLimits?: RateLimits;
  /** Folder of the built web app; defaults to dist/web beside the repo. */
  webDir?: string;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** Stand-ins for the outside world, and a bus of the caller's own (tests). */
  overrides?: ProviderOverrides & { bus?: EventBus };
  /** Where the log's JSON lines go; standard output by default. */
  logStream?: { write(line: string): void };
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

/**
 * The composition root: the HTTP foundations, then the core, the outside world and every module
 * as plugins (plugins/index.ts), then the API description and its reference, then the web app.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const rateLimits = options.rateLimits ?? defaultRateLimits;

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

  const { bus, ...providers } = options.overrides ?? {};
  await app.register(corePlugin, { config, db: database.db, rateLimits, ...(bus && { bus }) });
  await app.register(providersPlugin, providers);
  for (const plugin of MODULE_PLUGINS) await app.register(plugin);
  await registerOpenApiRoutes(app);
  await registerSpa(app, options.webDir ?? path.join(REPO_ROOT, 'dist/web'));
  // The database is the caller's, closed after the app.

  return app;
}

/** A hop count as Fastify's typed function form (proxy-addr gives a number the same meaning). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
