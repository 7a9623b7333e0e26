/**
 * GET /healthz and GET /readyz through HTTP on a real database: open to anyone, ready while the
 * database (and Redis, when configured: the machine's own at 127.0.0.1:6379) answers, 503 with
 * `{ error }` naming what is down otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('health endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('says the process is alive, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready while the database answers; Redis is not configured when embedded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
  });

  it('checks Redis when it is configured', async () => {
    const withRedis = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
    try {
      const res = await withRedis.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
    } finally {
      await withRedis.close();
    }
  });

  it('answers 503 once shutdown has begun, so balancers stop sending work', async () => {
    const stopping = await createTestApp();
    try {
      stopping.app.lifecycle.shuttingDown = true;
      const res = await stopping.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Not ready: shutting down' });
    } finally {
      await stopping.close();
    }
  });

  it('answers 503 within a second when Redis cannot be reached, and still shuts down', async () => {
    // Nothing listens on port 1: every connection attempt is refused, for every client.
    const noRedis = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const started = performance.now();
      const res = await noRedis.app.inject({ method: 'GET', url: '/readyz' });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Not ready: Redis unreachable',
        database: 'ok',
        redis: 'unreachable',
      });
    } finally {
      // Closing used to wait forever for a Redis that never came (QUITs queued behind SUBSCRIBEs).
      await noRedis.close();
    }
  });

  it('answers 503 naming the database when it no longer answers', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Not ready: database unreachable',
        database: 'unreachable',
        redis: 'not configured',
      });
      // Liveness is not readiness: the process still answers.
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
