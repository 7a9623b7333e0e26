import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type Database, type DatabaseHandle, type DatabaseKind } from './client';
import { findPgError } from './errors';
import { migrateDatabase, migrationsFolder } from './migrate';
import * as schema from './schema';
import { candles, cryptoPairs, globalSettings, ledgerAccounts, ledgerEntries, offers } from './schema';
import { payments, tickerLogs, user } from './schema';
import { buildPostgresTemplateNamed, createTestDatabase } from './testing';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

/** The rejection of `promise` as PostgreSQL error info (fails the test if it resolves). */
async function pgErrorOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the database to refuse this').toBeDefined();
  return findPgError(error);
}

async function appliedMigrations(db: Database): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return result.rows[0]?.n ?? -1;
}

const targets: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(targets)('database on %s', (kind) => {
  let handle: DatabaseHandle;
  let db: Database;
  let pairId: number;

  beforeAll(async () => {
    handle = await createTestDatabase({ kind });
    db = handle.db;
    const [pair] = await db
      .insert(cryptoPairs)
      .values({ symbol: 'BTC/USD', krakenSymbol: 'XBTUSD', base: 'BTC', quote: 'USD' })
      .returning({ id: cryptoPairs.id });
    pairId = pair!.id;
  });
  afterAll(() => handle?.close());

  test('lets other work run while a statement runs (requests interleave with the worker)', async () => {
    // The statement outlasts any scheduling: its answer cannot come before the callback's turn
    // unless the statement held this thread (as PGlite on the HTTP thread did).
    let ranDuring = false;
    const statement = db.execute(sql`select pg_sleep(0.05)`);
    setImmediate(() => (ranDuring = true));
    await statement;
    expect(ranDuring).toBe(true);
  });

  test('migrations create every schema table and record every migration', async () => {
    expect(handle.kind).toBe(kind);
    const result = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    expect(result.rows.map((r) => r.table_name).sort()).toEqual(schemaTables);
    expect(schemaTables).toContain('ledger_entries');
    expect(await appliedMigrations(db)).toBe(journal.entries.length);
  });

  test('re-running the migrations changes nothing', async () => {
    await migrateDatabase(handle);
    await migrateDatabase(handle);
    expect(await appliedMigrations(db)).toBe(journal.entries.length);
    const pairs = await db.select().from(cryptoPairs).where(eq(cryptoPairs.id, pairId));
    expect(pairs).toHaveLength(1);
  });

  test('at most one live (open/hot) offer per pair and position type', async () => {
    const offer = (positionType: 'long' | 'short', status: 'open' | 'hot' | 'expired') => ({
      pairId,
      positionType,
      direction: positionType,
      side: positionType === 'long' ? ('buy' as const) : ('sell' as const),
      riskLevel: 'medium' as const,
      trend: 'bullish' as const,
      heatScore: 80,
      successRate: 61.5,
      expectedProfitPercent: 1.2,
      entryPrice: '65000.1',
      takeProfitPercent: 2,
      stopLossPercent: 1,
      horizonMinutes: 240,
      status,
      expiresAt: new Date(Date.now() + 4 * 3600_000),
    });
    const [first] = await db.insert(offers).values(offer('long', 'open')).returning();

    for (const status of ['open', 'hot'] as const) {
      const refused = await pgErrorOf(db.insert(offers).values(offer('long', status)));
      expect(refused).toMatchObject({
        code: '23505',
        constraint: 'offers_live_pair_position_type_uq',
      });
    }
    // Another position type on the same pair is independent.
    await db.insert(offers).values(offer('short', 'hot'));

    // Once the first has expired, a new live offer is allowed, and dead offers may pile up.
    await db.update(offers).set({ status: 'expired' }).where(eq(offers.id, first!.id));
    await db.insert(offers).values(offer('long', 'expired'));
    const [second] = await db.insert(offers).values(offer('long', 'hot')).returning();
    expect(second!.status).toBe('hot');
    const live = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from offers
          where pair_id = ${pairId} and position_type = 'long' and status in ('open', 'hot')`,
    );
    expect(live.rows[0]?.n).toBe(1);
  });

  test('numeric comes back as an exact string, cents as numbers, instants as Dates', async () => {
    const openTime = new Date('2026-11-20T10:00:00.000Z');
    await db.insert(candles).values({
      pairId,
      interval: '1h',
      openTime,
      open: '65000.123456789012345678',
      high: '65100.5',
      low: '64900',
      close: '65050.00000001',
      volume: '12.3456789',
    });
    const [candle] = await db.select().from(candles).where(eq(candles.openTime, openTime));
    expect(candle).toMatchObject({
      open: '65000.123456789012345678',
      high: '65100.5',
      close: '65050.00000001',
      volume: '12.3456789',
    });
    expect(typeof candle!.low).toBe('string');
    expect(candle!.openTime).toBeInstanceOf(Date);
    expect(candle!.openTime.toISOString()).toBe(openTime.toISOString());

    const [ticker] = await db
      .insert(tickerLogs)
      .values({ pairId, price: '0.00000123', percentage: '-1.2345' })
      .returning();
    expect(ticker).toMatchObject({ price: '0.00000123', percentage: '-1.2345' });

    await db.insert(user).values({ id: 'u-cents', name: 'Cents', email: 'cents@example.com' });
    const [payment] = await db
      .insert(payments)
      .values({ userId: 'u-cents', type: 'deposit', amountCents: 9_007_199_254_740 })
      .returning();
    const [read] = await db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(read!.amountCents).toBe(9_007_199_254_740);
    expect(read!.status).toBe('pending');
  });

  test('check constraints refuse values outside the closed sets', async () => {
    const refused = await pgErrorOf(
      db.execute(sql`update offers set status = 'bogus' where pair_id = ${pairId}`),
    );
    expect(refused).toMatchObject({ code: '23514', constraint: 'offers_status_check' });
  });

  test('global settings is a seeded singleton', async () => {
    const rows = await db.select().from(globalSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, chatgptMaxRequests: 100, autoAnalysisEnabled: true });
    const refused = await pgErrorOf(db.insert(globalSettings).values({ id: 2 }));
    expect(refused?.code).toBe('23514');
  });

  test('ledger: one platform account per kind, balanced and immutable entries', async () => {
    await db.insert(user).values({ id: 'u-ledger', name: 'Ledger', email: 'ledger@example.com' });
    const [card] = await db.insert(ledgerAccounts).values({ kind: 'external_card' }).returning();
    const [available] = await db
      .insert(ledgerAccounts)
      .values({ userId: 'u-ledger', kind: 'user_available', balanceCents: 0 })
      .returning();
    // A user account keeps a running balance; a system account keeps none.
    const unkept = await pgErrorOf(
      db.insert(ledgerAccounts).values({ userId: 'u-ledger', kind: 'user_held' }),
    );
    expect(unkept).toMatchObject({ code: '23514', constraint: 'ledger_accounts_balance_kept_check' });
    const duplicate = await pgErrorOf(db.insert(ledgerAccounts).values({ kind: 'external_card' }));
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'ledger_accounts_user_id_kind_uq' });
    const ownerless = await pgErrorOf(db.insert(ledgerAccounts).values({ kind: 'user_held' }));
    expect(ownerless).toMatchObject({ code: '23514', constraint: 'ledger_accounts_owner_check' });

    const deposit = crypto.randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(ledgerEntries).values({
        transactionId: deposit,
        accountId: card!.id,
        amountCents: -5_000,
        kind: 'deposit',
      });
      await tx.insert(ledgerEntries).values({
        transactionId: deposit,
        accountId: available!.id,
        amountCents: 5_000,
        kind: 'deposit',
      });
    });
    const balances = await db
      .select({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, [card!.id, available!.id]));
    expect(Object.fromEntries(balances.map((b) => [b.id, b.balanceCents]))).toEqual({
      [card!.id]: null,
      [available!.id]: 5_000,
    });

    const unbalanced = await pgErrorOf(
      db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values({
          transactionId: crypto.randomUUID(),
          accountId: available!.id,
          amountCents: 1_000,
          kind: 'deposit',
        });
      }),
    );
    expect(unbalanced?.message).toMatch(/unbalanced by 1000 cents/);

    const updated = await pgErrorOf(
      db.update(ledgerEntries).set({ amountCents: 9 }).where(eq(ledgerEntries.transactionId, deposit)),
    );
    expect(updated?.message).toMatch(/immutable/);
    const deleted = await pgErrorOf(db.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, deposit)));
    expect(deleted?.message).toMatch(/immutable/);

    const balance = await db.execute<{ balance: string }>(
      sql`select sum(amount_cents)::text as balance from ledger_entries where account_id = ${available!.id}`,
    );
    expect(balance.rows[0]?.balance).toBe('5000');
  });
});

describe('PGlite on disk (the embedded default)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heatsignal-db-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('migrates a new data dir, keeps data across restarts, re-migrates as a no-op', async () => {
    const first = await createDatabase({ dataDir });
    try {
      await migrateDatabase(first);
      await first.db
        .insert(cryptoPairs)
        .values({ symbol: 'ETH/USD', krakenSymbol: 'ETHUSD', base: 'ETH', quote: 'USD' });
    } finally {
      await first.close();
    }

    const second = await createDatabase({ dataDir });
    try {
      expect(second.kind).toBe('pglite');
      await migrateDatabase(second);
      expect(await appliedMigrations(second.db)).toBe(journal.entries.length);
      const pairs = await second.db.select().from(cryptoPairs);
      expect(pairs.map((p) => p.symbol)).toEqual(['ETH/USD']);
    } finally {
      await second.close();
    }
    expect(readFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  }, 60_000);
});

describe.runIf(process.env.DATABASE_URL)('the PostgreSQL test template', () => {
  const serverUrl = process.env.DATABASE_URL!;
  const name = `heatsignal_template_concurrency_${process.pid}`;
  const databasesLike = async (pattern: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 order by datname',
        [pattern],
      );
      return rows.map((row) => row.datname);
    } finally {
      await admin.end();
    }
  };
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const datname of await databasesLike(`${name}%`)) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
  });

  test('is built once when test processes ask for it at the same time', async () => {
    // Built at once, several builders raced in the catalogue (a duplicate key on
    // pg_database_datname_index): each must end with the one template, and no half-built one.
    const built = await Promise.all([1, 2, 3, 4].map(() => buildPostgresTemplateNamed(serverUrl, name)));
    expect(built).toEqual([name, name, name, name]);
    expect(await databasesLike(`${name}%`)).toEqual([name]);
  }, 60_000);
});
