import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isRedisUnavailable } from '../shared/redis-connection';

/** A failure with a message that is safe and useful to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Admin access required') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty when content-type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

/** How long a client is asked to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** The dependency a failure says is down, named for the 503's text; null for any other failure. */
export function unavailableDependency(error: unknown): 'database' | 'Redis' | null {
  if (isDatabaseUnavailable(error)) return 'database';
  if (isRedisUnavailable(error)) return 'Redis';
  return null;
}

/**
 * One place turns every failure into `{ error }`: validation issues become a readable 400, known
 * client errors keep their status, an unreachable database or Redis is a 503 with Retry-After (the
 * request may well succeed in a moment), and anything else is logged and answered as a bare 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const text = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const message = issue.message ?? 'is invalid';
          return field ? `${field}: ${message}` : message;
        })
        .join('; ');
      return reply.status(400).send({ error: text || 'Invalid request' });
    }
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message;
      return reply.status(status).send({ error: message });
    }
    const down = unavailableDependency(error);
    if (down) {
      request.log.warn({ err: error }, `request failed: ${down} unreachable`);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: `Service temporarily unavailable: ${down} unreachable` });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error' });
  });
}
