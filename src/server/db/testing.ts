import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, type DatabaseKind } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

/*
 * Test databases. With DATABASE_URL: a uniquely named database on that server, cloned from a
 * migrated template, dropped on close. Without: an in-memory PGlite cloned from a migrated template. A fresh PGlite costs
 * ~4 s (initdb in WASM) plus migrations; a clone from a dumped data dir ~0.5 s. The template is
 * cached on disk keyed by the migrations' content, so separate test files and processes share it.
 */

export interface TestDatabaseOptions {
  /** Default: 'postgres' when DATABASE_URL is set, else 'pglite'. */
  kind?: DatabaseKind;
  /** Server URL for kind 'postgres'; default DATABASE_URL. */
  databaseUrl?: string;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const kind = options.kind ?? (databaseUrl ? 'postgres' : 'pglite');
  if (kind === 'pglite') return createDatabase({ inMemory: true, loadDataDir: await pgliteTemplate() });
  if (!databaseUrl) throw new Error('createTestDatabase: kind postgres needs DATABASE_URL');
  return createPostgresTestDatabase(databaseUrl);
}

async function createPostgresTestDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `heatsignal_test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(serverUrl);
  await withAdminClient(serverUrl, async (admin) => {
    await admin.query(`create database "${name}" template "${template}"`);
    // A test database outlives no server crash, so its commits need not wait for the WAL to reach
    // the disk: the money property test ran 142 s → 113 s on this machine, and PostgreSQL's CPU
    // 50 → 33 s. A commit is still atomic and seen at once by every other session.
    await admin.query(`alter database "${name}" set synchronous_commit = off`);
  });
  let handle: DatabaseHandle;
  try {
    handle = await createDatabase({
      databaseUrl: databaseOn(serverUrl, name),
      maxConnections: 5,
      // A burst test queues hundreds of statements for these five connections; on CI's loaded
      // cores the default 5 s wait for one has run out (503) while money tests proved nothing
      // wrong. Tests of that 503 set their own short timeout (faults/postgres-outage).
      connectTimeoutMs: 30_000,
    });
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  const closeDatabase = handle.close;
  let closing: Promise<void> | undefined;
  handle.close = () => (closing ??= closeDatabase().finally(() => dropDatabase(serverUrl, name)));
  return handle;
}

function databaseOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A migrated database on the server to clone test databases from (CREATE DATABASE … TEMPLATE
 * copies files: cheaper than replaying every migration per test file). Named by the migrations'
 * content, so a changed migration makes a new one. The test processes build it one at a time,
 * under an advisory lock (two at once raced in the catalogue: a duplicate key on
 * pg_database_datname_index), and under a name of its own renamed once complete, so a process
 * never clones a half-migrated template, even one left by a process killed mid-build. Nobody
 * connects to it after the rename: PostgreSQL refuses a clone while the template has a session.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = buildPostgresTemplate(serverUrl).catch((error: unknown) => {
      postgresTemplates.delete(serverUrl);
      throw error;
    });
    postgresTemplates.set(serverUrl, template);
  }
  return template;
}

/** The advisory lock key the template builders share (any fixed 64-bit number). */
const TEMPLATE_BUILD_LOCK = 0x6865_6174_7369;

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  return buildPostgresTemplateNamed(serverUrl, `heatsignal_template_${await migrationsHash()}`);
}

/** Builds the template `name` unless it exists, and resolves to `name` once it does. */
export function buildPostgresTemplateNamed(serverUrl: string, name: string): Promise<string> {
  return withAdminClient(serverUrl, async (admin) => {
    // A session lock: the server releases it when this client's connection ends, which
    // withAdminClient does however the build ends.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_BUILD_LOCK]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database "${building}"`);
    try {
      const handle = await createDatabase({
        databaseUrl: databaseOn(serverUrl, building),
        maxConnections: 1,
      });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } catch (error) {
      await dropDatabase(serverUrl, building);
      throw error;
    }
    return name;
  });
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  // WITH (FORCE) (PostgreSQL 13+) ends connections a test may have leaked.
  await withAdminClient(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let templatePromise: Promise<Blob> | undefined;

/** The migrated template as a data-dir tarball: memoised per process, cached on disk across them. */
export function pgliteTemplate(): Promise<Blob> {
  templatePromise ??= loadOrBuildTemplate().catch((error: unknown) => {
    templatePromise = undefined;
    throw error;
  });
  return templatePromise;
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `heatsignal-pglite-template-${await migrationsHash()}.tar`);
  try {
    return new Blob([await readFile(file)], { type: 'application/x-tar' });
  } catch {
    // Not cached yet (or unreadable): build it below.
  }
  const handle = await createDatabase({ inMemory: true });
  try {
    if (handle.kind !== 'pglite') throw new Error('unreachable: template must be PGlite');
    await migrateDatabase(handle);
    const dump = await handle.client.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Write then rename: concurrent test processes never read a half-written file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return new Blob([bytes], { type: 'application/x-tar' });
  } finally {
    await handle.close();
  }
}

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const pglitePackage = await readFile(
    path.join(migrationsFolder, '../node_modules/@electric-sql/pglite/package.json'),
    'utf8',
  ).catch(() => 'unknown');
  hash.update(pglitePackage);
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const name of files) {
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name);
    hash.update(await readFile(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
