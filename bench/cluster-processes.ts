/**
 * Real processes for the cluster bench: a Redis of its own on a free port, a fresh PostgreSQL
 * database, and ROLE=api servers started the way `npm run cluster` starts them. Everything returned
 * here has a `stop`/`drop` the bench calls in `finally`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../src/server/testing/free-port';

const REPO = path.resolve(import.meta.dirname, '..');

async function until(what: string, child: ChildProcess, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited while starting`);
    if (Date.now() > deadline) throw new Error(`${what} not ready within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, then SIGKILL if it is still there after 10 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface Running {
  url: string;
  stop: () => Promise<void>;
}

export interface BenchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A new database on the PostgreSQL server at `serverUrl` (the servers migrate it as they start). */
export async function createDatabaseOn(serverUrl: string): Promise<BenchDatabase> {
  const name = `heatsignal_bench_cluster_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // WITH (FORCE) ends the connections of servers that did not close theirs.
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/** One `ROLE=api` server as the cluster launcher starts it, ready when /readyz answers 200. */
export async function startApi(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO,
    env: { ...process.env, ...env, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = async () => {
    try {
      return (await fetch(`${url}/readyz`)).status === 200;
    } catch {
      return false;
    }
  };
  const running = { url, stop: () => stopChild(child) };
  try {
    await until(`api server on ${port}`, child, ready);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}
