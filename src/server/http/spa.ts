import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; any non-API GET falls back to index.html so deep links work. */
export async function registerSpa(app: FastifyInstance, webDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: 'index.html',
      // One route per built file instead of a catch-all: an /api URL that matched no route (e.g. a
      // path parameter over the router's limit) is an API miss, answered 404 { error } below, and
      // never looked up on disk.
      wildcard: false,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: isApi ? 'Not found' : 'Web app is not built: run npm run build:web' });
  });
}
