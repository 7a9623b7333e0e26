import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drizzleOnThread } from './client';
import { findPgError, isUniqueViolation } from './errors';
import { PgliteThread, THREAD_STOPPED_CODE } from './pglite-thread';
import { pgliteTemplate } from './testing';
import { isDatabaseUnavailable } from './unavailable';
import { createTestApp, signUp } from '../testing/test-app';

/*
 * PGlite on its own thread (pglite-thread.ts): what crosses the thread keeps its shape, a
 * transaction stays isolated while other statements queue behind it, and a thread that dies or
 * closes fails its callers with errors the app understands instead of taking the process down.
 */

/** A thread on a fresh in-memory database with one table, `items(id int primary key, note text)`. */
async function startThread(onStop?: (error: Error) => void): Promise<PgliteThread> {
  const thread = await PgliteThread.start({ loadDataDir: await pgliteTemplate(), onStop });
  await thread.exec('create table items (id int primary key, note text)');
  return thread;
}

describe('PGlite on its own thread', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await startThread();
  }, 60_000);
  afterAll(() => thread?.close());

  test('answers queries with parameters, both row modes and the types PGlite returns', async () => {
    const objects = await thread.query<{ n: number; t: string; at: Date; j: unknown; b: Uint8Array }>(
      `select $1::int as n, $2::text as t, '2026-11-20T12:00:00Z'::timestamptz as at,
              '{"a":[1,2]}'::jsonb as j, '\\x0102'::bytea as b`,
      [7, 'seven'],
    );
    expect(objects.rows).toEqual([
      { n: 7, t: 'seven', at: new Date('2026-11-20T12:00:00Z'), j: { a: [1, 2] }, b: new Uint8Array([1, 2]) },
    ]);
    expect(objects.fields.map((f) => f.name)).toEqual(['n', 't', 'at', 'j', 'b']);
    const arrays = await thread.query('select 1 as a, 2 as b', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 2]]);
  });

  test('prepares a repeated data statement once, and prepares anew after a table changes', async () => {
    await thread.exec('create table prepared_rows (id int primary key)');
    await thread.query('insert into prepared_rows values (1), (2)');
    const text = 'select * from prepared_rows where id >= $1 order by id';
    expect((await thread.query(text, [1])).rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await thread.query(text, [2])).rows).toEqual([{ id: 2 }]);
    const prepared = await thread.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [text],
    );
    expect(prepared.rows).toEqual([{ n: 1 }]);

    // The same statement's result gains a column: it is not answered from the old description.
    await thread.query("alter table prepared_rows add column note text not null default 'x'");
    expect((await thread.query(text, [2])).rows).toEqual([{ id: 2, note: 'x' }]);
    const inTransaction = await thread.transaction((tx) => tx.query(text, [1]));
    expect(inTransaction.rows).toEqual([
      { id: 1, note: 'x' },
      { id: 2, note: 'x' },
    ]);
  });

  test("runs the caller's parsers on this thread over the raw text (drizzle keeps timestamps as text)", async () => {
    const parsed = await thread.query<{ at: unknown; at2: unknown; n: unknown }>(
      `select '2026-11-20 12:00:00+00'::timestamptz as at, null::timestamptz as at2, 5 as n`,
      [],
      { parsers: { 1184: (value, typeId) => `${typeId}:${value}` } },
    );
    expect(parsed.rows).toEqual([{ at: '1184:2026-11-20 12:00:00+00', at2: null, n: 5 }]);
    const inArrays = await thread.query(`select 5 as n, '2026-11-20'::date as d`, [], {
      rowMode: 'array',
      parsers: { 1082: (value) => `date ${value}` },
    });
    expect(inArrays.rows).toEqual([[5, 'date 2026-11-20']]);
  });

  test('keeps the PostgreSQL error fields across the thread (code, constraint, detail), under drizzle too', async () => {
    await thread.query(`insert into items values (1, 'one')`);
    const raw = await thread.query(`insert into items values (1, 'again')`).catch((e: unknown) => e);
    expect(raw).toBeInstanceOf(Error);
    expect(raw).toMatchObject({ code: '23505', constraint: 'items_pkey', table: 'items' });
    expect((raw as Error).message).toMatch(/duplicate key value violates unique constraint "items_pkey"/);
    expect(isUniqueViolation(raw, 'items_pkey')).toBe(true);

    const db = drizzleOnThread(thread);
    const wrapped = await db.execute(sql`insert into items values (1, 'again')`).catch((e: unknown) => e);
    expect(findPgError(wrapped)).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    const syntax = await db.execute(sql`selec 1`).catch((e: unknown) => e);
    expect(findPgError(syntax)?.code).toBe('42601');
    expect(isDatabaseUnavailable(syntax)).toBe(false);
  });

  test('a transaction commits what it wrote, and rolls back when its callback throws', async () => {
    const value = await thread.transaction(async (tx) => {
      await tx.query(`insert into items values (10, 'kept')`);
      return (await tx.query<{ n: number }>('select count(*)::int as n from items where id = 10')).rows[0]?.n;
    });
    expect(value).toBe(1);
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into items values (11, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await thread.transaction(async (tx) => {
      await tx.query(`insert into items values (12, 'dropped')`);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow(/Transaction is closed/);
    });
    const ids = await thread.query<{ id: number }>('select id from items where id >= 10 order by id');
    expect(ids.rows.map((r) => r.id)).toEqual([10]);
  });

  test('statements outside an open transaction wait for it, and never see its uncommitted writes', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query(`insert into items values (20, 'in tx')`);
      outside = thread
        .query<{ n: number }>('select count(*)::int as n from items where id = 20')
        .then((r) => order.push(`outside saw ${r.rows[0]?.n}`));
      // Give the outside statement every chance to run now, if it could.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query(`insert into items values (21, 'in tx')`);
      order.push('tx done');
    });
    await outside;
    expect(order).toEqual(['tx done', 'outside saw 1']);
  });

  test('concurrent transactions run one at a time: locked read-modify-writes lose no update', async () => {
    await thread.query(`insert into items values (30, '0')`);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        thread.transaction(async (tx) => {
          const current = await tx.query<{ note: string }>('select note from items where id = 30 for update');
          await new Promise((resolve) => setImmediate(resolve));
          await tx.query('update items set note = $1 where id = 30', [
            String(Number(current.rows[0]!.note) + 1),
          ]);
        }),
      ),
    );
    const final = await thread.query<{ note: string }>('select note from items where id = 30');
    expect(final.rows[0]?.note).toBe('20');
  });

  test('a failed statement aborts its transaction: COMMIT rolls back and says so', async () => {
    const failed = thread.transaction(async (tx) => {
      await tx.query(`insert into items values (40, 'x')`);
      await tx.query(`insert into items values (40, 'x')`).catch(() => undefined);
    });
    await expect(failed).rejects.toThrow();
    const rows = await thread.query('select 1 from items where id = 40');
    expect(rows.rows).toEqual([]);
  });

  test('exec runs several statements and dumpDataDir returns a tarball', async () => {
    const results = await thread.exec('select 1 as a; select 2 as b');
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    const dump = await thread.dumpDataDir('none');
    expect(dump.size).toBeGreaterThan(1_000_000);
  });
});

describe('a database thread that stops', () => {
  test('a crash fails what is in flight and what follows as unavailable (503), and the process lives on', async () => {
    const stops: Error[] = [];
    const thread = await startThread((error) => stops.push(error));
    const inFlight = thread.query('select pg_sleep(0.5)').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await thread.terminate();
    const error = await inFlight;
    expect(error).toMatchObject({ code: THREAD_STOPPED_CODE });
    expect((error as Error).message).toMatch(/database thread \(PGlite\) stopped/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    const next = await drizzleOnThread(thread)
      .execute(sql`select 1`)
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(next)).toBe(true);
    expect(stops).toHaveLength(1);
    await thread.close();
  }, 60_000);

  test('close is idempotent, flushes, and later statements fail with a clear error', async () => {
    const stops: Error[] = [];
    const thread = await startThread((error) => stops.push(error));
    await Promise.all([thread.close(), thread.close()]);
    expect(stops).toEqual([]);
    expect(thread.closed).toBe(true);
    await expect(thread.query('select 1')).rejects.toThrow(/PGlite is closed/);
  }, 60_000);

  test('a PGlite that cannot start rejects start()', async () => {
    await expect(PgliteThread.start({ loadDataDir: new Blob(['not a tarball']) })).rejects.toThrow();
  }, 60_000);
});

describe.skipIf(process.env.DATABASE_URL)('the app on a database thread that died', () => {
  test('answers 503 (not ready, database unreachable) and stays alive', async () => {
    const t = await createTestApp();
    try {
      if (t.database.kind !== 'pglite') throw new Error('unreachable: PGlite expected');
      // The first account is the operator's admin.
      const admin = await signUp(t.app, 'Operator');
      const get = (url: string) =>
        t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
      // Also warms the viewer cache: better-auth answers a failed session read with its own 500.
      expect((await get('/api/admin/system-health')).statusCode).toBe(200);
      expect((await get('/api/payments/payment-history')).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await t.database.client.terminate();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'unreachable' });
      for (const url of ['/api/admin/system-health', '/api/payments/payment-history']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toEqual({ error: 'Service temporarily unavailable: database unreachable' });
      }
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  }, 60_000);
});
