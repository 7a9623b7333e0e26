import { Redis, type RedisOptions } from 'ioredis';
import { NETWORK_ERROR_CODES } from './network-errors';

/*
 * Every Redis connection of the server is made here, so each one has an 'error' listener (an
 * ioredis client without one prints "[ioredis] Unhandled error event" on every retry) and one of
 * two behaviours while Redis is down:
 * - 'request': serves an HTTP request (enqueueing, System Health, the bus publisher). Commands fail
 *   at once instead of waiting in the offline queue, so the request can answer 503 quickly.
 * - 'background': BullMQ workers and subscribers. Commands wait and the connection resumes by
 *   itself when Redis is back (BullMQ requires maxRetriesPerRequest: null for its workers).
 */

export type RedisRole = 'request' | 'background';

/** A request-side command waits at most this long for a reply (a frozen Redis, a lost packet). */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

export type RedisOutageLog = (message: string, error?: unknown) => void;

/** Where a process without a logger of its own (a script, a test) reports outages. */
export const logRedisOutage: RedisOutageLog = (message, error) => {
  if (error === undefined) console.warn(`[redis] ${message}`);
  else console.error(`[redis] ${message}`, error);
};

/** Outage errors to `onError` (a bus's error handler), recoveries to the console. */
export function outageLogVia(onError: (error: unknown, message: string) => void): RedisOutageLog {
  return (message, error) => (error === undefined ? logRedisOutage(message) : onError(error, message));
}

/** The part of a pino logger (the app's) an outage log writes to. */
export interface OutageLogger {
  warn(message: string): void;
  error(fields: { err: unknown }, message: string): void;
}

/** Outages in the app's own log, as one line each: a warning when back, an error when lost. */
export function outageLogTo(logger: OutageLogger): RedisOutageLog {
  return (message, error) =>
    error === undefined ? logger.warn(message) : logger.error({ err: error }, message);
}

/** Thrown instead of waiting when a request needs Redis and it is down. */
export class RedisUnavailableError extends Error {
  constructor(message = 'Redis unreachable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RedisUnavailableError';
  }
}

/** redis://[user:password@]host[:port][/db] as ioredis options. */
export function redisOptionsOf(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    ...(url.protocol === 'rediss:' && { tls: {} }),
  };
}

export function redisRoleOptions(role: RedisRole): RedisOptions {
  return role === 'request'
    ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }
    : { maxRetriesPerRequest: null };
}

/**
 * Logs an outage once: the first error after the connection was fine, then nothing until
 * `recovered()` (the client's 'ready') logs that it is back. Retries repeat the same error every
 * couple of seconds; one line per outage is what an operator can read.
 */
export function createOutageLog(name: string, log: RedisOutageLog = logRedisOutage) {
  let down = false;
  return {
    failed(error: unknown): void {
      if (down) return;
      down = true;
      log(`${name}: Redis unreachable (logged once until it is back)`, error);
    },
    recovered(): void {
      if (!down) return;
      down = false;
      log(`${name}: Redis reachable again`);
    },
  };
}

export type OutageLog = ReturnType<typeof createOutageLog>;

/** A client of the given role whose errors go to `outage` (logged once per outage). */
export function createRedisClient(redisUrl: string, role: RedisRole, outage: OutageLog): Redis {
  const client = new Redis({ ...redisOptionsOf(redisUrl), ...redisRoleOptions(role) });
  watchRedisClient(client, outage);
  return client;
}

/** Wires a client (or a duplicate(), which has no listeners of its own) to an outage log. */
export function watchRedisClient(client: Redis, outage: OutageLog): void {
  client.on('error', (error: unknown) => outage.failed(error));
  client.on('ready', () => outage.recovered());
}

/**
 * Resolves once `client` is ready: at once when it is, within `timeoutMs` while it is still making
 * its first connection; rejects with RedisUnavailableError otherwise (an outage does not wait).
 */
export function whenReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  if (client.status === 'reconnecting' || client.status === 'end' || client.status === 'close') {
    return Promise.reject(new RedisUnavailableError());
  }
  return new Promise<void>((resolve, reject) => {
    const done = (error?: unknown) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
      if (error === undefined) resolve();
      else reject(new RedisUnavailableError(undefined, { cause: error }));
    };
    const onReady = () => done();
    const onError = (error: unknown) => done(error);
    const timer = setTimeout(() => done(new Error(`not ready within ${timeoutMs} ms`)), timeoutMs);
    client.once('ready', onReady);
    client.once('error', onError);
  });
}

const UNAVAILABLE_MESSAGES = [
  "Stream isn't writeable",
  'Connection is closed',
  'Command timed out',
  'Reached the max retries per request limit',
];

/** A failure of the connection itself (what an 'error' event reports while Redis is down). */
export function isRedisConnectionError(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return isRedisUnavailable(error) || (typeof code === 'string' && NETWORK_ERROR_CODES.has(code));
}

/** Whether `error` (or a cause of it) says Redis could not be reached, as ioredis reports it. */
export function isRedisUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof RedisUnavailableError) return true;
    const message = current.message;
    if (UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text))) return true;
    current = current.cause;
  }
  return false;
}

/** QUIT when Redis answers; otherwise drop the connection (a QUIT would wait for Redis to return). */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Lost meanwhile: dropped below.
    }
  }
  client.disconnect();
}
