/**
 * The signal engine on worker threads (piscina), so the HTTP thread never runs an analysis or a
 * walk-forward. The engine is pure: candles go in (packed and transferred), plain results come out;
 * the database stays on the main thread. A thread that crashes, runs out of its heap or overruns its
 * time fails only its own task (piscina replaces it); the caller's usual failure path handles the
 * rejection. Threads above the first exit after `idleTimeoutMs`; none holds the process open.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { CalibrationOptions, EvaluatedSignal } from '../engine';
import type { AnalyzePairInput, Candle, PairAnalysis } from '../engine/types';
import { packCandles } from './candle-columns';
import type { GateReport } from '../research/judge-gate';
import type { AnalyzeTask, EvaluateTask, GateTask } from './engine-tasks';

export interface EnginePoolOptions {
  threads: number;
  idleTimeoutMs?: number;
  /** Old-generation heap cap per thread, so a runaway task fails alone instead of the process. */
  maxHeapMb?: number;
  /** A task still running after this is stopped (its thread is terminated) and rejected. */
  taskTimeoutMs?: number;
  /**
   * How far below the process's CPU priority the threads run (Unix nice steps; default 10). An
   * analysis is background work: on a machine with few cores, requests and the database thread
   * come first, and the engine takes the time they leave.
   */
  niceIncrement?: number;
  /** The worker entry; tests point it at misbehaving fixtures. */
  filename?: string;
  /** A thread failure outside any task (e.g. it ran out of memory after its task was stopped). */
  onThreadError?(error: unknown): void;
}

export interface EnginePool {
  readonly threads: number;
  analyzePair(input: AnalyzePairInput): Promise<PairAnalysis>;
  evaluateSignals(
    series: { name: string; candles: Candle[] }[],
    options: CalibrationOptions,
  ): Promise<EvaluatedSignal[]>;
  /** The publication gate's verdict on every strategy family over these pairs' hourly candles. */
  judgeGate(series: { symbol: string; candles: Candle[] }[], takerFeePercent: number): Promise<GateReport>;
  /** Lets running tasks finish, rejects queued ones, then ends the threads. */
  close(): Promise<void>;
}

const WORKER_ENTRY = fileURLToPath(new URL('./engine.worker.mjs', import.meta.url));

export function createEnginePool(options: EnginePoolOptions): EnginePool {
  const threads = Math.max(1, Math.floor(options.threads));
  const taskTimeoutMs = options.taskTimeoutMs ?? 10 * 60_000;
  let pool: Piscina | undefined;
  // Built on first use: a process (or test) that never analyses starts no thread. One thread then
  // stays parked (unref'd, it never holds the process open), because piscina replaces a crashed
  // thread only up to `minThreads`: with none kept, tasks queued behind a crash would never run.
  const threadsOnDemand = (): Piscina => {
    if (pool) return pool;
    pool = new Piscina({
      filename: options.filename ?? WORKER_ENTRY,
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      closeTimeout: 5_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
      // Set by each thread on itself at start (piscina's optional @napi-rs/nice; without it, none).
      niceIncrement: options.niceIncrement ?? 10,
    });
    // Unlistened, such an 'error' event would crash the whole process.
    pool.on('error', (error: unknown) => options.onThreadError?.(error));
    return pool;
  };

  async function run<T>(name: string, task: unknown, transferList: ArrayBuffer[]): Promise<T> {
    const signal = AbortSignal.timeout(taskTimeoutMs);
    try {
      return (await threadsOnDemand().run(task, { name, transferList, signal })) as T;
    } catch (error) {
      // Aborts and thread exits arrive as bare causes; say which part of the system failed.
      const message = signal.aborted
        ? `no result within ${taskTimeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      throw new Error(`engine ${name} failed: ${message}`, { cause: error });
    }
  }

  return {
    threads,
    analyzePair(input) {
      const task: AnalyzeTask = {
        ...input,
        hourly: packCandles(input.hourly),
        minute: packCandles(input.minute),
      };
      return run('analyze', task, [task.hourly.buffer, task.minute.buffer]);
    },
    evaluateSignals(series, calibration) {
      const task: EvaluateTask = {
        series: series.map((s) => ({ name: s.name, candles: packCandles(s.candles) })),
        options: calibration,
      };
      return run(
        'evaluate',
        task,
        task.series.map((s) => s.candles.buffer),
      );
    },
    judgeGate(series, takerFeePercent) {
      const task: GateTask = {
        series: series.map((s) => ({ symbol: s.symbol, candles: packCandles(s.candles) })),
        takerFeePercent,
      };
      return run(
        'gate',
        task,
        task.series.map((s) => s.candles.buffer),
      );
    },
    close: async () => pool?.close({ force: true }),
  };
}

/** The composition root's choice: only roles that run analyses get engine threads. */
export function createEngineForRole(
  config: { role: 'all' | 'api' | 'worker'; engineThreads: number },
  onThreadError?: (error: unknown) => void,
): EnginePool | null {
  return config.role === 'api' ? null : createEnginePool({ threads: config.engineThreads, onThreadError });
}
