import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses } from '../db/schema';
import { createManualClock } from '../providers/market';
import { createSimulatedMarketSource } from '../providers/market/simulated';
import type { BusMessage } from '../realtime/event-bus';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createEnginePool, type EnginePool } from './engine-pool';

const FIXTURE = fileURLToPath(new URL('./testdata/misbehaving.worker.mjs', import.meta.url));

describe('an engine thread that dies during an analysis', () => {
  let t: TestApp;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    const threads = createEnginePool({ threads: 1, filename: FIXTURE });
    // Real threads: ETH/USD's analysis is sent as the fixture's crashing pair, the rest run normally.
    const engine: EnginePool = {
      threads: 1,
      analyzePair: (input) =>
        threads.analyzePair(input.pair === 'ETH/USD' ? { ...input, pair: 'CRASH/USD' } : input),
      evaluateSignals: (series, options) => threads.evaluateSignals(series, options),
      judgeGate: (series, fee) => threads.judgeGate(series, fee),
      close: () => threads.close(),
    };
    const market = createSimulatedMarketSource({ seed: 3, clock: createManualClock(Date.UTC(2026, 10, 20)) });
    t = await createTestApp({ overrides: { market, engine } });
    t.app.bus.subscribe((message) => events.push(message));
    await t.app.market.syncPairs();
    for (const pair of ['ETH/USD', 'BTC/USD']) await t.app.market.backfill(pair);
  }, 120_000);
  afterAll(async () => t.close());

  it('fails that analysis on the usual path and completes the next one on a fresh thread', async () => {
    t.app.analysisPipeline.startWorker(2);
    const eth = await t.app.analysis.requestAnalysis({ pair: 'ETH/USD', reason: 'test' });
    const btc = await t.app.analysis.requestAnalysis({ pair: 'BTC/USD', reason: 'test' });
    await t.app.analysisQueue.drained();

    const run = async (id: string) => (await t.db.select().from(analyses).where(eq(analyses.id, id)))[0];
    expect(await run(eth.analysisId)).toMatchObject({
      status: 'failed',
      stage: 'backtest',
      error: 'engine analyze failed: worker exited with code: 3',
    });
    expect((await run(btc.analysisId))?.status).toBe('completed');

    const log = events.find((e) => e.event === 'worker_log');
    expect(log?.rooms).toEqual(['admins']);
    expect(log?.payload).toMatchObject({
      pair: 'ETH/USD',
      error: expect.stringContaining('exited') as unknown,
    });
    const status = await t.app.inject({ method: 'GET', url: '/api/offers/heat-map?timeRange=7d' });
    expect(status.statusCode).toBe(200);
  });
});
