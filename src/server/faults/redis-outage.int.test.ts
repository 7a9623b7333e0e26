/**
 * Redis goes away under a running app (REDIS_URL to a redis-server of the test's own) and comes
 * back on the same port: /readyz and a request that enqueues an analysis answer 503 at once, bus
 * publishes are dropped, nothing rejects unhandled, and all of it works again once Redis is back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses, cryptoPairs } from '../db/schema';
import { createBullmqQueue } from '../jobs/bullmq-queue';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../testing/test-app';
import { startOwnRedis, type OwnRedis } from '../testing/redis-server';
import { untilTrue, watchUnhandledRejections } from './outage-helpers';

const REDIS_DOWN = 'Service temporarily unavailable: Redis unreachable';

describe('a Redis outage', () => {
  let redis: OwnRedis;
  let t: TestApp;
  let admin: TestUser;
  const rejections = watchUnhandledRejections();
  const logged: { level: number; msg: string }[] = [];
  const logStream = {
    write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]),
  };
  const outageLines = (text: string) =>
    logged.filter((line) => line.msg.includes(`: Redis ${text}`) && !line.msg.startsWith('request failed'));

  beforeAll(async () => {
    redis = await startOwnRedis();
    ({ t, admin } = await createTestAppWithUsers({
      env: { REDIS_URL: redis.url, LOG_LEVEL: 'warn' },
      logStream,
    }));
    await t.db
      .insert(cryptoPairs)
      .values({ symbol: 'ETH/USD', krakenSymbol: 'XETHZUSD', base: 'ETH', quote: 'USD', active: true });
  });
  afterAll(async () => {
    // Closing the app waits for a job in progress (a job BullMQ hands out again after the outage
    // may still be running its market backfill on a loaded machine), at most the queue worker's
    // 20 s close deadline (bullmq-queue.ts): room for it.
    await t?.close();
    await redis?.stop();
  }, 60_000);

  const requestAnalysis = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/manage-triggers',
      headers: admin.auth,
      payload: { action: 'add', type: 'advisor_request', symbol: 'ETH/USD', parameters: { timeframe: '1h' } },
    });
  const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    return { result, ms: performance.now() - started };
  };

  it('answers 503 quickly while Redis is down and recovers by itself when it is back', async () => {
    await untilTrue(async () => (await readyz()).statusCode === 200, 10_000);
    // This process also consumes the analysis queue (ROLE=all), through the same outage.
    t.app.analysisPipeline.startWorker(1);
    expect((await requestAnalysis()).statusCode).toBe(200);

    await redis.stop();

    const probe = await timed(readyz);
    expect(probe.result.statusCode).toBe(503);
    expect(probe.result.json()).toMatchObject({
      error: 'Not ready: Redis unreachable',
      redis: 'unreachable',
    });
    expect(probe.ms).toBeLessThan(5_000);

    const refused = await timed(requestAnalysis);
    expect(refused.result.statusCode).toBe(503);
    expect(refused.result.json()).toEqual({ error: REDIS_DOWN });
    expect(refused.result.headers['retry-after']).toBe('5');
    expect(refused.ms).toBeLessThan(8_000);
    // The run created for the refused request is failed, not left 'queued' without a job.
    const runs = await t.db.select({ status: analyses.status, error: analyses.error }).from(analyses);
    expect(runs.filter((run) => run.error?.startsWith('Could not be queued'))).toEqual([
      { status: 'failed', error: expect.stringMatching(/Redis unreachable/) as unknown },
    ]);

    // Realtime is best effort: publishing while down neither throws nor waits.
    for (let n = 0; n < 100; n++) t.app.bus.publish('heatmap_refresh', { pair: 'ETH/USD' });
    // So are cluster-wide socket.io emits through the Redis adapter (which never awaits its PUBLISH).
    const io = t.app.realtime.io as unknown as { emit(event: string, payload: unknown): boolean };
    for (let n = 0; n < 10; n++) io.emit('heatmap_refresh', { pair: 'ETH/USD' });

    // The process still answers (liveness is not readiness).
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // The operator reads of it in the app's log (pino's JSON, level 50 = error), once a connection.
    const connections = [
      'bus publisher',
      'bus subscriber',
      'queue analysis',
      'socket.io redis adapter',
      'system health',
      'worker analysis',
    ];
    await untilTrue(async () => outageLines('unreachable').length >= connections.length, 5_000);
    expect(
      outageLines('unreachable')
        .map((line) => [line.level, line.msg])
        .sort(),
    ).toEqual(connections.map((name) => [50, `${name}: Redis unreachable (logged once until it is back)`]));

    await redis.start();
    const back = await timed(() => untilTrue(async () => (await readyz()).statusCode === 200, 30_000));
    expect(back.ms).toBeLessThan(30_000);
    await untilTrue(async () => outageLines('reachable again').length >= connections.length, 10_000);
    expect(
      outageLines('reachable again')
        .map((line) => [line.level, line.msg])
        .sort(),
    ).toEqual(connections.map((name) => [40, `${name}: Redis reachable again`]));
    let analysisId = '';
    await untilTrue(async () => {
      const res = await requestAnalysis();
      analysisId = res.statusCode === 200 ? res.json<{ analysisId: string }>().analysisId : '';
      return analysisId !== '';
    }, 10_000);
    // The worker took the job after the outage: the run left 'queued' (it fails here for want of
    // candles, which is the pipeline's business, not the queue's).
    await untilTrue(async () => {
      const [run] = await t.db.select().from(analyses).where(eq(analyses.id, analysisId));
      return run !== undefined && run.status !== 'queued';
    }, 15_000);
    // And let it end here: closing the app waits for a job in progress, which on a loaded machine
    // (its market backfill first) outlasted the close hook's minute.
    await untilTrue(async () => {
      const [run] = await t.db.select().from(analyses).where(eq(analyses.id, analysisId));
      return run?.status === 'completed' || run?.status === 'failed';
    }, 120_000);
    expect(rejections()).toEqual([]);
  }, 180_000);

  it('a BullMQ worker waits out the outage and takes jobs again, logging it once', async () => {
    const lines: string[] = [];
    const seen: number[] = [];
    const queue = createBullmqQueue<{ n: number }>(`outage-${Date.now()}`, redis.url, undefined, (message) =>
      lines.push(message),
    );
    try {
      queue.process(async ({ n }) => void seen.push(n), 1);
      await queue.add({ n: 1 });
      await untilTrue(async () => seen.includes(1), 10_000);

      await redis.stop();
      await expect(queue.add({ n: 2 })).rejects.toThrow(/Redis unreachable/);
      // ioredis retries after 50, 100, 150… ms: a second of outage is several failed attempts,
      // and there is no event for "nothing more was logged", hence the one fixed wait.
      await untilTrue(async () => lines.some((line) => line.startsWith('worker')), 5_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(lines.filter((line) => line.includes('unreachable')).length).toBeLessThanOrEqual(2);

      await redis.start();
      await untilTrue(async () => {
        await queue.add({ n: 3 }).catch(() => undefined);
        return seen.includes(3);
      }, 30_000);
      expect(lines).toEqual(
        expect.arrayContaining(['queue ' + queue.name + ': Redis reachable again']) as unknown,
      );
    } finally {
      await queue.close();
    }
    expect(rejections()).toEqual([]);
  });
});
