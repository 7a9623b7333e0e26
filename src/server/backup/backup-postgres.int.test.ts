/**
 * Backups of a PostgreSQL database while it works (issue #20, item 4 and its proof): the app on a
 * database of its own takes a burst of concurrent deposits over real HTTP (separate connections, so
 * they truly overlap) while pg_dump dumps the exported snapshot; the backup holds more deposits
 * than had been answered when it started and fewer than the burst made in all. Restored into an
 * empty database, the ledger balances, the audit chain verifies and every count is the backup's. A
 * database that is not empty and a damaged file are refused and nothing changes. Runs against the
 * machine's server (DATABASE_URL, else the local default); its databases are dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { freePort } from '../testing/free-port';
import { TEST_AUTH_SECRET } from '../testing/test-app';
import { readArchive } from './archive';
import { readFacts } from './facts';
import { restoreBackup } from './restore';
import { takeBackup } from './take-backup';
import { signUp } from '../testing/http-client';
import { startDepositBurst, type Trader } from './testing/deposit-burst';
import { expectWholeRestore } from './testing/restored-checks';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = `heatsignal_bk_${randomBytes(5).toString('hex')}`;
const names = { live: prefix, restored: `${prefix}_restored`, untouched: `${prefix}_untouched` };
const urlOf = (name: string) => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const work = mkdtempSync(path.join(tmpdir(), 'heatsignal-bk-pg-'));
const backupFile = path.join(work, 'nightly.tar.gz');
let live: DatabaseHandle;
let app: FastifyInstance;
let traders: Trader[];
/** On the server's own database: creates and drops this file's databases. */
const admin = new pg.Client({ connectionString: SERVER_URL });

beforeAll(async () => {
  await admin.connect();
  for (const name of Object.values(names)) await admin.query(`create database "${name}"`);
  live = await createDatabase({ databaseUrl: urlOf(names.live), maxConnections: 8 });
  await migrateDatabase(live);
  const port = await freePort();
  const config = loadConfig({
    DATABASE_URL: urlOf(names.live),
    DATA_DIR: work,
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  app = await buildApp({ config, database: live });
  await app.listen({ port, host: '127.0.0.1' });
  traders = [await signUp(config.publicUrl, 'Alice'), await signUp(config.publicUrl, 'Bob')];
}, 120_000);

/** Closed pools' sessions end a moment later; dropping them by force before would make them complain. */
async function sessionsGone(): Promise<void> {
  for (;;) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = any($1)',
      [Object.values(names)],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterAll(async () => {
  await app?.close();
  await live?.close();
  await sessionsGone();
  for (const name of Object.values(names))
    await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('backup and restore of a PostgreSQL database', () => {
  it('takes a backup during a burst of deposits that restores to a ledger that balances', async () => {
    const burst = startDepositBurst(app.config.publicUrl, traders);
    await burst.answered(40);
    const { manifest, via } = await takeBackup({ databaseUrl: urlOf(names.live), dataDir: work }, backupFile);
    // Every deposit started from here on commits after the snapshot.
    const { ok, failures } = await burst.stop(20);
    expect(failures).toEqual([]);
    expect(via).toBe('with pg_dump');
    expect(manifest.engine).toBe('postgres');
    const inBackup = manifest.facts.tables['public.payments']!;
    expect(inBackup).toBeGreaterThanOrEqual(40);
    expect(inBackup).toBeLessThanOrEqual(ok - 20);

    const report = await restoreBackup(backupFile, { databaseUrl: urlOf(names.restored), dataDir: work });
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.checks.map((check) => check.name)).toEqual([
      'audit chain',
      'balances',
      'ledger totals',
      'row counts',
      'migrations',
    ]);
    expect(report.ok).toBe(true);
    const restored = await createDatabase({ databaseUrl: urlOf(names.restored), maxConnections: 1 });
    try {
      await expectWholeRestore(restored, manifest, traders);
    } finally {
      await restored.close();
    }
  });

  it('refuses a database that is not empty, and changes nothing in it', async () => {
    const before = await readFacts(live.db);
    await expect(
      restoreBackup(backupFile, { databaseUrl: urlOf(names.live), dataDir: work }),
    ).rejects.toThrow(/heatsignal_bk_\w+ \(DATABASE_URL\) is not empty .*: restore into a new database/);
    expect(await readFacts(live.db)).toEqual(before);
  });

  it('refuses a damaged file before restoring anything', async () => {
    const { manifest } = await readArchive(backupFile, { verify: true });
    expect(manifest.files.map((file) => file.name)).toEqual(['database.pgdump']);
    const bytes = Buffer.from(readFileSync(backupFile));
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = path.join(work, 'damaged.tar.gz');
    writeFileSync(damaged, bytes);
    const target = urlOf(names.untouched);
    await expect(restoreBackup(damaged, { databaseUrl: target, dataDir: work })).rejects.toThrow(
      /damaged\.tar\.gz is not a usable backup: it is (damaged|truncated)/,
    );
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      expect(rows).toEqual([{ tables: 0 }]);
    } finally {
      await client.end();
    }
  });
});
