import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; any non-API GET falls back to index.html so deep links work. */
export async function registerSpa(app: FastifyInstance, webDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDir, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: isApi ? 'Not found' : 'Web app is not built: run npm run build:web' });
  });
}
