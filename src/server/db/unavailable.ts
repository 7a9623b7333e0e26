import { DrizzleQueryError } from 'drizzle-orm';
import { NETWORK_ERROR_CODES } from '../shared/network-errors';

/*
 * Whether a failure means PostgreSQL could not be reached or dropped the connection, as opposed to
 * a bug or a bad statement: those requests answer 503 (try again) instead of 500. The pool replaces
 * a broken connection by itself, so the next request succeeds once the server is back.
 */

/**
 * SQLSTATEs of a server that is gone or refusing: 57P01 admin_shutdown (also
 * pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300
 * too_many_connections; class 08 (connection exceptions) is matched by prefix.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own texts for a connection that ended or never came (they carry no code). */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  // ALTER DATABASE … ALLOW_CONNECTIONS false answers 55000, a code with many other meanings.
  /^database ".*" is not currently accepting connections/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  let parent: unknown = undefined;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      // A socket error is the database's only when pg raised it (the pool, or under drizzle's
      // wrapper): an outbound fetch reports the same codes as the cause of a TypeError.
      if (NETWORK_ERROR_CODES.has(code) && (parent === undefined || isDrizzleWrapper(parent))) return true;
    }
    if (PG_MESSAGES.some((pattern) => pattern.test((current as Error).message))) return true;
    parent = current;
    current = current.cause;
  }
  return false;
}

function isDrizzleWrapper(error: unknown): boolean {
  return error instanceof DrizzleQueryError;
}
