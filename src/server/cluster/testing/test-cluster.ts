import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SERVER_BUNDLE_ENTRY } from '../../../../scripts/build-server';
import { freePort } from '../../testing/free-port';
import { startOwnRedis, type OwnRedis } from './own-redis';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
// Bounds, not waits: on a loaded 2-core machine a process's start has taken over a minute, and
// the workers' first market sync (the candle backfill on PostgreSQL) over 90 s.
const READY_TIMEOUT_MS = 150_000;
const SYNC_TIMEOUT_MS = 240_000;
/** What a suite's beforeAll allows startTestCluster: the first process, the others, the first sync. */
export const CLUSTER_START_TIMEOUT_MS = 2 * READY_TIMEOUT_MS + SYNC_TIMEOUT_MS + 30_000;
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ClusterProcess {
  name: string;
  role: 'api' | 'worker';
  port: number;
  url: string;
  child: ChildProcess;
  log: string;
}

/**
 * Real HeatSignal processes as an operator runs them (the bundled `dist/server/main.mjs`, built by the
 * suite's global setup, with ROLE=api / ROLE=worker) on a fresh PostgreSQL database and a Redis of the test's own. The
 * simulated market runs SIM_SPEED times faster on a clock all processes share.
 */
export async function startTestCluster(options: {
  api: number;
  worker: number;
  env?: Record<string, string>;
}) {
  const dbName = `heatsignal_cluster_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database "${dbName}"`);
  const dbUrl = new URL(PG_ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const redis: OwnRedis = await startOwnRedis();
  const dir = mkdtempSync(path.join(tmpdir(), 'heatsignal-cluster-'));
  const env: Record<string, string> = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redis.url,
    AUTH_SECRET: randomBytes(24).toString('hex'),
    DATA_DIR: dir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MARKET_SOURCE: 'simulated',
    SIM_SPEED: '60',
    SIM_CLOCK_START: String(Date.now()),
    ENGINE_THREADS: '1',
    ANALYSIS_CONCURRENCY: '1',
    ...options.env,
  };
  const processes: ClusterProcess[] = [];
  for (const [role, count] of [
    ['api', options.api],
    ['worker', options.worker],
  ] as const) {
    for (let i = 1; i <= count; i += 1) {
      const port = await freePort();
      const name = `${role}-${i}`;
      processes.push({
        name,
        role,
        port,
        url: `http://127.0.0.1:${port}`,
        child: null as unknown as ChildProcess,
        log: path.join(dir, `${name}.log`),
      });
    }
  }

  function launch(proc: ClusterProcess): void {
    const out = createWriteStream(proc.log, { flags: 'a' });
    proc.child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE_ENTRY], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, ROLE: proc.role, PORT: String(proc.port), PUBLIC_URL: proc.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.child.stdout?.pipe(out);
    proc.child.stderr?.pipe(out);
  }

  async function ready(proc: ClusterProcess, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (proc.child.exitCode !== null)
        throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${tail(proc)}`);
      try {
        if ((await fetch(`${proc.url}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${proc.name} not ready within ${timeoutMs} ms:\n${tail(proc)}`);
  }

  const byName = (name: string) => {
    const proc = processes.find((p) => p.name === name);
    if (!proc) throw new Error(`no process ${name}`);
    return proc;
  };

  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  db.on('error', () => undefined);
  try {
    // One first, so the migrations run once before the others start.
    launch(processes[0]!);
    await ready(processes[0]!);
    for (const proc of processes.slice(1)) launch(proc);
    await Promise.all(processes.slice(1).map((proc) => ready(proc)));
    if (options.worker > 0) await marketSynced(db);
  } catch (error) {
    // Nothing of a cluster that did not start outlives it (its processes would load the machine).
    await Promise.allSettled(processes.map((proc) => stopChild(proc.child, 'SIGKILL')));
    await db.end().catch(() => undefined);
    await redis.stop();
    await adminQuery(`drop database if exists "${dbName}" with (force)`);
    throw error;
  }

  return {
    processes,
    redis,
    dbName,
    api: processes.filter((p) => p.role === 'api'),
    workers: processes.filter((p) => p.role === 'worker'),
    byName,
    /** Reads the cluster's database directly (counts, invariants), as an operator's psql would. */
    query: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await db.query<T>(text, values)).rows,
    /** Ends every connection the processes hold to the database, as a failover or restart would. */
    terminateBackends: () =>
      adminQuery(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      ),
    kill: (name: string, signal: NodeJS.Signals = 'SIGKILL') => stopChild(byName(name).child, signal),
    /** Starts again every process a test stopped, as the cluster launcher would. */
    async reviveAll() {
      for (const proc of processes) {
        if (proc.child.exitCode === null && proc.child.signalCode === null) continue;
        launch(proc);
        await ready(proc);
      }
    },
    alive: (name: string) => byName(name).child.exitCode === null && byName(name).child.signalCode === null,
    tail: (name: string) => tail(byName(name)),
    async close() {
      await Promise.allSettled(processes.map((proc) => stopChild(proc.child, 'SIGKILL')));
      await db.end();
      await redis.stop();
      await adminQuery(`drop database if exists "${dbName}" with (force)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestCluster = Awaited<ReturnType<typeof startTestCluster>>;

/** Sends the signal and resolves with the exit code (null when killed by a signal) once it exited. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill(signal);
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

/** Waits for a worker's first pair sync and candle backfill, which analyses need. */
async function marketSynced(db: pg.Pool): Promise<void> {
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { rows } = await db.query(
      "select 1 from schedule_leases where task = 'market-sync' and last_finished_at is not null",
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the workers did not finish the first market sync within ${SYNC_TIMEOUT_MS / 1000} s`);
}

function tail(proc: ClusterProcess): string {
  try {
    return readFileSync(proc.log, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no output)';
  }
}

async function adminQuery(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}
