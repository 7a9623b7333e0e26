import Fastify from 'fastify';
import { createTestDatabase } from '../src/server/db/testing';
import { createTestApp, signUp } from '../src/server/testing/test-app';
import { DB_KIND, fmt, load, type LoadResult } from './load';
import { seedBenchOffers } from './offers-seed';
import type { BenchRow } from './table';

/**
 * The baseline: Fastify answering with one indexed SELECT of 20 rows, through the raw driver of
 * the same kind of database the app uses (its own PGlite, or its own PostgreSQL database with the
 * same pool size as the app's).
 */
async function startBaseline() {
  const database = await createTestDatabase();
  const query = async (text: string, params: unknown[] = []): Promise<unknown[]> =>
    database.kind === 'pglite'
      ? (await database.client.query<unknown>(text, params)).rows
      : (await database.client.query<Record<string, unknown>>(text, params)).rows;
  await query('create table bench_rows (id serial primary key, k integer not null, payload text not null)');
  await query(
    `insert into bench_rows (k, payload) select g, repeat('x', 200) from generate_series(1, 2000) g`,
  );
  await query('create index bench_rows_k_idx on bench_rows (k)');
  const app = Fastify();
  let n = 0;
  app.get('/', async () => {
    n = (n + 37) % 1900;
    return query('select id, k, payload from bench_rows where k > $1 order by k limit 20', [n]);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const row = (name: string, r: LoadResult, detail = ''): BenchRow => ({
  name,
  value: fmt.rps(r),
  detail: `${fmt.p99(r)}${detail}`,
});

/** Hello-world, the baseline, and the app's authenticated offers list and /api/me, 50 connections each. */
export async function benchHttp(): Promise<BenchRow[]> {
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const baseline = await startBaseline();
  const t = await createTestApp();
  try {
    const live = await seedBenchOffers(t.db);
    const user = await signUp(t.app, 'Bench');
    const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${user.token}` };

    const hello = await load(bareUrl);
    const base = await load(baseline.url);
    const offers = await load(`${appUrl}/api/offers?limit=20`, auth);
    const me = await load(`${appUrl}/api/me`, auth);
    const p99Target =
      DB_KIND === 'PostgreSQL' ? 'target ≤ 30 ms' : `target ≤ ${2 * base.p99} ms (2× baseline)`;
    return [
      row('bare Fastify hello-world', hello),
      row(`baseline: Fastify + indexed SELECT 20 rows (${DB_KIND})`, base),
      row(`GET /api/offers?limit=20 (bearer, ${live} live offers)`, offers),
      row('GET /api/me (bearer)', me),
      {
        name: 'offers list vs baseline',
        value: `${fmt.pct(offers.rps, base.rps)} of req/s`,
        detail: `target ≥ 70 %; p99 ${offers.p99} ms ${fmt.ratio(offers.p99, base.p99)} (${p99Target})`,
      },
      {
        name: '/api/me vs baseline',
        value: `${fmt.pct(me.rps, base.rps)} of req/s`,
        detail: `p99 ${fmt.ratio(me.p99, base.p99)}`,
      },
    ];
  } finally {
    await bare.close();
    await baseline.close();
    await t.close();
  }
}
