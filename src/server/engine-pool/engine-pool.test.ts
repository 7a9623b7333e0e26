import { spawnSync } from 'node:child_process';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzePair, evaluateSignals } from '../engine';
import { syntheticCandles } from '../engine/synthetic-candles';
import type { AnalyzePairInput } from '../engine/types';
import { createEngineForRole, createEnginePool, type EnginePool } from './engine-pool';

const HOUR = 3_600_000;
const pools: EnginePool[] = [];
const pool = (options: Parameters<typeof createEnginePool>[0]) => {
  const p = createEnginePool(options);
  pools.push(p);
  return p;
};
afterAll(async () => Promise.all(pools.map((p) => p.close())));

function inputOf(seed: number, pair = `P${seed}/USD`): AnalyzePairInput {
  const hourly = syntheticCandles({ seed, count: 2160, startPrice: 10 + seed, volatility: 0.005 });
  const last = hourly[hourly.length - 1]!;
  // Minute candles past the last hourly close, so the minute refinement is exercised too.
  const minute = Array.from({ length: 90 }, (_, k) => ({
    time: last.time + HOUR + k * 60_000,
    open: last.close,
    high: last.close * (1 + 0.0004 * ((k % 7) + 1)),
    low: last.close * (1 - 0.0003 * ((k % 5) + 1)),
    close: last.close * (1 + 0.0001 * ((k % 11) - 5)),
    volume: 3 + (k % 4),
  }));
  return { pair, hourly, minute, spreadPercent: 0.05, activeTriggerCount: seed % 3, takerFeePercent: 0.26 };
}

const FIXTURE = fileURLToPath(new URL('./testdata/misbehaving.worker.mjs', import.meta.url));

describe('the engine pool', () => {
  const engine = pool({ threads: 2 });

  it('gives exactly the in-thread analysis for the same candles', async () => {
    const inputs = [inputOf(3), inputOf(4), inputOf(5)];
    const viaPool = await Promise.all(inputs.map((input) => engine.analyzePair(input)));
    expect(viaPool).toEqual(inputs.map((input) => analyzePair(input)));
    // The caller's candles are copied into the transfer, never detached or changed.
    expect(inputs[0]!.hourly).toHaveLength(2160);
    expect(inputs[0]!.minute[0]!.volume).toBe(3);
  });

  it('gives exactly the in-thread walk-forward signals', async () => {
    const series = [{ name: 'W/USD', candles: inputOf(9).hourly }];
    const options = { warmupDays: 45, lookbackDays: 45, stepHours: 7, takerFeePercent: 0.26 };
    const viaPool = await engine.evaluateSignals(series, options);
    expect(viaPool.length).toBeGreaterThan(50);
    expect(viaPool).toEqual(evaluateSignals(series, options));
  });

  it("rejects bad input with the engine's own message and keeps serving", async () => {
    const short = { ...inputOf(6), hourly: inputOf(6).hourly.slice(0, 20) };
    await expect(engine.analyzePair(short)).rejects.toThrow(/needs 60 hourly candles, got 20/);
    expect(await engine.analyzePair(inputOf(7))).toEqual(analyzePair(inputOf(7)));
  });

  it('keeps the event loop responsive while it runs a backtest of many pairs', async () => {
    const series = [11, 12, 13, 14].map((seed) => ({ name: `B${seed}`, candles: inputOf(seed).hourly }));
    const options = { warmupDays: 45, lookbackDays: 45, stepHours: 7, takerFeePercent: 0.26 };
    await engine.evaluateSignals(series.slice(0, 1), options); // threads started and warm

    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    await Promise.all(series.map((s) => engine.evaluateSignals([s], options)));
    const elapsed = performance.now() - started;
    delay.disable();
    const maxDelayMs = delay.max / 1e6;
    // In-thread, each pair's walk-forward blocks the loop for hundreds of ms (bench/engine.ts).
    expect(elapsed).toBeGreaterThan(300);
    expect(maxDelayMs).toBeLessThan(250);
  });
});

describe('a failing engine thread', () => {
  const engine = pool({ threads: 1, filename: FIXTURE, maxHeapMb: 32 });

  it('fails only its own task when the thread exits; the task queued behind it runs on a fresh thread', async () => {
    const crashed = engine.analyzePair(inputOf(1, 'CRASH/USD'));
    const queued = engine.analyzePair(inputOf(1));
    await expect(crashed).rejects.toThrow('engine analyze failed: worker exited with code: 3');
    expect(await queued).toEqual(analyzePair(inputOf(1)));
  });

  it('fails the task that exhausts its heap, not the process', async () => {
    await expect(engine.analyzePair(inputOf(1, 'OOM/USD'))).rejects.toThrow(/out of memory/i);
    expect(await engine.analyzePair(inputOf(2))).toEqual(analyzePair(inputOf(2)));
  });

  it('stops a task that overruns its time', async () => {
    // Long enough for a fresh thread to start under load, short enough for the test.
    const timed = pool({ threads: 1, filename: FIXTURE, taskTimeoutMs: 4_000 });
    await expect(timed.analyzePair(inputOf(1, 'HANG/USD'))).rejects.toThrow(
      'engine analyze failed: no result within 4000 ms',
    );
    expect(await timed.analyzePair(inputOf(3))).toEqual(analyzePair(inputOf(3)));
  });
});

describe('engine threads run below the process', () => {
  const niceness = async (engine: EnginePool) =>
    ((await engine.analyzePair(inputOf(1, 'NICE/USD'))) as unknown as { niceness: number }).niceness;

  // Where each thread has a priority of its own (Linux), read with getpriority on that thread.
  it.runIf(process.platform === 'linux')(
    'runs analyses 10 nice steps below the process by default, and as many as asked otherwise',
    async () => {
      // `npm test` itself may run this file niced (the unit stage runs at nice 5).
      const own = getPriority();
      expect(await niceness(pool({ threads: 1, filename: FIXTURE }))).toBe(Math.min(19, own + 10));
      expect(await niceness(pool({ threads: 1, filename: FIXTURE, niceIncrement: 0 }))).toBe(own);
    },
  );
});

describe('engine threads by role', () => {
  it('builds no pool for ROLE=api and a pool of ENGINE_THREADS for the roles that analyse', async () => {
    expect(createEngineForRole({ role: 'api', engineThreads: 3 })).toBeNull();
    for (const role of ['all', 'worker'] as const) {
      const engine = createEngineForRole({ role, engineThreads: 3 });
      expect(engine?.threads).toBe(3);
      await engine?.close();
    }
  });
});

describe('the worker entry', () => {
  it('loads under tsx in a process of its own, which then exits without closing the pool', () => {
    const script = fileURLToPath(new URL('./testdata/tsx-child.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 25_000,
    });
    expect(child.error).toBeUndefined();
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const hourly = syntheticCandles({ seed: 21, count: 2160 });
    const inThread = analyzePair({
      pair: 'TSX/USD',
      hourly,
      minute: [],
      activeTriggerCount: 1,
      takerFeePercent: 0.26,
    });
    expect(JSON.parse(child.stdout)).toEqual({
      heatScore: inThread.heatScore,
      successRate: inThread.successRate,
    });
  });
});
