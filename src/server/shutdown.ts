import type { FastifyInstance } from 'fastify';

/** An orchestrator's usual grace (Kubernetes: 30 s; ours is stricter): the process is gone by then. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** Scheduled runs get this long to finish before they are handed back to the other workers. */
export const SCHEDULE_GRACE_MS = 4_000;

/**
 * A graceful stop: readiness goes 503, the schedules stop (a run outlasting its grace is handed
 * back), then the app closes: sockets get a reconnect hint, SSE streams end, requests in flight
 * finish, analysis jobs in progress finish (or, past the deadline, are retried by another worker
 * once their lock lapses), and the database closes last.
 */
export async function shutDown(app: FastifyInstance): Promise<void> {
  app.lifecycle.shuttingDown = true;
  await app.worker.stop(SCHEDULE_GRACE_MS);
  await app.close();
}
