/**
 * Scale-out on one machine: the authenticated offers list served by one ROLE=api process, then by
 * two behind the same load (the same 50 connections split over both ports). Always on PostgreSQL
 * (DATABASE_URL's server, else the local one) and a Redis of its own: separate processes cannot
 * share PGlite. The load client runs on the same cores as the servers, so the ratio is what a
 * second process adds on this machine as busy as it is, not how far it scales on cores of its own.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { createDatabaseOn, startApi, type BenchDatabase, type Running } from './cluster-processes';
import { startOwnRedis, type OwnRedis } from '../src/server/cluster/testing/own-redis';
import { CONNECTIONS, DURATION_S, fmt, type LoadResult } from './load';
import { seedBenchOffers } from './offers-seed';
import type { BenchRow } from './table';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PATH = '/api/offers?limit=20';

/** CONNECTIONS spread evenly over `urls` for `seconds`, all at once; req/s summed, worst p99. */
async function loadSplit(
  urls: string[],
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadResult> {
  const results = await Promise.all(
    urls.map((url, i) =>
      autocannon({
        url: `${url}${PATH}`,
        headers,
        duration: seconds,
        connections: Math.floor(CONNECTIONS / urls.length) + (i < CONNECTIONS % urls.length ? 1 : 0),
      }),
    ),
  );
  for (const [i, r] of results.entries()) {
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`${urls[i]}${PATH}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  }
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
  };
}

/** A server answering an empty list would be measured doing less work than the real one. */
async function expectOffers(url: string, headers: Record<string, string>, live: number): Promise<void> {
  const body = (await (await fetch(`${url}${PATH}`, { headers })).json()) as {
    data: unknown[];
    total: number;
  };
  if (body.total !== live || body.data.length !== 20)
    throw new Error(
      `${url}${PATH}: ${body.total} offers (${body.data.length} on the page), expected ${live}`,
    );
}

/** One-second warm-up (JIT, caches, the read model's first load), then the measured load. */
async function measure(urls: string[], headers: Record<string, string>, live: number): Promise<LoadResult> {
  for (const url of urls) await expectOffers(url, headers, live);
  await loadSplit(urls, headers, 1);
  return loadSplit(urls, headers, DURATION_S);
}

async function signUp(baseUrl: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      name,
      email: `${name.toLowerCase()}-${Date.now()}@example.com`,
      password: 'correct-horse-battery',
    }),
  });
  const token = response.headers.get('set-auth-token');
  if (response.status !== 200 || !token) throw new Error(`sign-up failed: ${response.status}`);
  return token;
}

/** Offers seeded before any server starts, so each one's read model loads them on first use. */
async function seedOffers(url: string): Promise<number> {
  const handle = await createDatabase({ databaseUrl: url, maxConnections: 2 });
  try {
    await migrateDatabase(handle);
    return await seedBenchOffers(handle.db);
  } finally {
    await handle.close();
  }
}

export async function benchCluster(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heatsignal-bench-cluster-'));
  const servers: Running[] = [];
  let database: BenchDatabase | undefined;
  let redis: OwnRedis | undefined;
  try {
    database = await createDatabaseOn(SERVER_URL);
    redis = await startOwnRedis();
    const live = await seedOffers(database.url);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-cluster-secret-that-is-long-enough-0123',
      LOG_LEVEL: 'error',
    };
    servers.push(await startApi(env));
    const [first] = servers.map((s) => s.url) as [string];
    await signUp(first, 'Operator'); // the first account is the operator's admin; measure a trader
    const auth = { authorization: `Bearer ${await signUp(first, 'Trader')}` };

    const one = await measure([first], auth, live);
    servers.push(await startApi(env));
    const two = await measure(
      servers.map((s) => s.url),
      auth,
      live,
    );
    const cores = availableParallelism();
    const label = `GET /api/offers?limit=20 (bearer, ${live} live offers, PostgreSQL + Redis)`;
    return [
      { name: `cluster: 1 ROLE=api process, ${label}`, value: fmt.rps(one), detail: `p99 ${one.p99} ms` },
      {
        name: `cluster: 2 ROLE=api processes, same load over both ports`,
        value: fmt.rps(two),
        detail: `p99 ${two.p99} ms`,
      },
      {
        name: 'cluster: 2 processes vs 1',
        value: `×${(two.rps / one.rps).toFixed(2)} req/s`,
        // Each process serves on one thread; the load client takes cores too, so the ratio also
        // says how busy the machine was (other work running pushes it below 1).
        detail: `p99 ${fmt.ratio(two.p99, one.p99)}; ${cores} cores shared by the servers and the load client`,
      },
    ];
  } finally {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await redis?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
