import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemHealthEndpoint } from '../../../contract/admin-system-health';
import type { SystemHealthService } from './system-health';

/**
 * For load balancers and orchestrators, outside /api and open to anyone: `GET /healthz` says the
 * process answers (liveness); `GET /readyz` says it can serve (readiness): 200 while the database
 * and, when configured, Redis answer, else 503 with the `{ error }` naming what is down (or saying
 * the process is shutting down).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { systemHealth: SystemHealthService; shuttingDown: () => boolean },
): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (deps.shuttingDown()) return reply.code(503).send({ error: 'Not ready: shutting down' });
    const readiness = await deps.systemHealth.readiness();
    const down = [
      readiness.database === 'unreachable' ? 'database' : null,
      readiness.redis === 'unreachable' ? 'Redis' : null,
    ].filter((name) => name !== null);
    if (down.length === 0) return { status: 'ready', ...readiness };
    return reply.code(503).send({ error: `Not ready: ${down.join(' and ')} unreachable`, ...readiness });
  });
}

/** GET /api/admin/system-health: the back office's view of the process and its dependencies. */
export function registerSystemHealthRoutes(
  app: FastifyInstance,
  deps: { systemHealth: SystemHealthService },
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(systemHealthEndpoint.path, { schema: { response: { 200: systemHealthEndpoint.response } } }, () =>
      deps.systemHealth.read(),
    );
}
