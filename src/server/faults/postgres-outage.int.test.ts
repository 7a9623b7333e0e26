/**
 * PostgreSQL drops the app's connections (pg_terminate_backend) while requests are in flight, then
 * refuses connections for a while (ALLOW_CONNECTIONS false): failures answer 503 with the database
 * named, never 500, nothing rejects unhandled, and the pool serves again once the server does.
 * Runs on a database of its own made through the admin URL, so it runs when `npm test` is on PGlite.
 */
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import { signUp, type TestUser } from '../testing/test-app';
import {
  createPostgresTestApp,
  untilTrue,
  watchUnhandledRejections,
  type PostgresTestApp,
} from './outage-helpers';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_DOWN = 'Service temporarily unavailable: database unreachable';

describe('a PostgreSQL outage', () => {
  let t: PostgresTestApp;
  let admin: pg.Client;
  let user: TestUser;
  const rejections = watchUnhandledRejections();

  beforeAll(async () => {
    t = await createPostgresTestApp(ADMIN_URL);
    user = await signUp(t.app, 'Admin');
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database "${t.databaseName}" allow_connections true`).catch(() => undefined);
    await admin?.end();
    await t?.close();
  });

  const terminateConnections = () =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [t.databaseName],
    );
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });
  const READS = ['/api/me', '/api/trades/trades', '/api/payments/balance', '/api/trades/guardrails'];
  // /api/me may be answered from the viewer cache and the guardrails from the settings cache;
  // these two always query.
  const QUERYING_READS = ['/api/trades/trades', '/api/payments/balance'];

  it('answers 503 (never 500) for requests whose connection is killed, then serves again', async () => {
    for (const url of READS) expect((await get(url)).statusCode, url).toBe(200);

    const statuses: number[] = [];
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const inFlight = Array.from({ length: 24 }, (_, i) => get(READS[i % READS.length]!));
      terminated += (await terminateConnections()).rowCount ?? 0;
      for (const res of await Promise.all(inFlight)) {
        statuses.push(res.statusCode);
        if (res.statusCode === 503) {
          expect(res.json()).toEqual({ error: DATABASE_DOWN });
          expect(res.headers['retry-after']).toBe('5');
        }
      }
    }
    expect(terminated).toBeGreaterThan(0);
    expect(countBy(statuses)[503], 'some requests lost their connection').toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);

    // The pool replaced the killed connections: every read succeeds again.
    for (const url of READS) expect((await get(url)).statusCode, url).toBe(200);
    expect(rejections()).toEqual([]);
  });

  it('answers 503 naming the database while it refuses connections, and recovers when allowed', async () => {
    await admin.query(`alter database "${t.databaseName}" allow_connections false`);
    await terminateConnections();

    for (const url of QUERYING_READS) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ error: DATABASE_DOWN });
    }
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'Not ready: database unreachable' });

    await admin.query(`alter database "${t.databaseName}" allow_connections true`);
    await untilTrue(
      async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
      10_000,
    );
    for (const url of READS) expect((await get(url)).statusCode, url).toBe(200);
    expect(rejections()).toEqual([]);
  });
});

describe('a PostgreSQL server that does not answer at all', () => {
  it('fails a query within the connect timeout, as an unavailable database', async () => {
    // A listener that accepts connections and never says a word, like a server that hangs.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    const handle = await createDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/heatsignal`,
      connectTimeoutMs: 300,
    });
    try {
      const started = performance.now();
      const failure = await handle.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await handle.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

function countBy(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
