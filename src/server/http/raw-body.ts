import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Registers routes that must see the exact bytes sent: signed webhooks, whose signature covers
 * the raw body, so nothing may parse (or re-serialise) it before it is verified.
 */
export function registerRawBodyRoutes(root: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  void root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    routes(scope);
  });
}

/** The request's raw body (empty when there was none). */
export const rawBodyOf = (request: FastifyRequest): Buffer =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
