/**
 * `npm run restore -- <file>`: into an empty PostgreSQL database (DATABASE_URL), or into an empty
 * or missing data folder (DATA_DIR). Everything that can refuse does so before anything is
 * written: a damaged file, a backup of the other engine or of a newer HeatSignal, a target that
 * holds anything. Then:
 * - PostgreSQL: pg_restore in one transaction (a failed restore leaves the database empty), then
 *   the checks (verify-restore.ts). A database that fails them keeps what was restored, for a look.
 * - PGlite: the folder is claimed (no server starts on it meanwhile), the data folder is opened
 *   beside its final place, checked, and moved into place only when every check passed; otherwise
 *   the folder is left as it was.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { readArchive } from './archive';
import { claimDataDir } from './data-dir-claim';
import { AUTH_SECRET_ENTRY, PG_DUMP_ENTRY, PGLITE_ENTRY, type BackupManifest } from './manifest';
import { runPgTool, shownUrl } from './pg-tools';
import { RefusedError } from './refused';
import { verifyRestored, type Check } from './verify-restore';

export interface RestoreTarget {
  /** An existing, empty PostgreSQL database; when unset, the folder `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

export interface RestoreReport {
  manifest: BackupManifest;
  target: string;
  checks: Check[];
  ok: boolean;
}

/** The newest migration this code has: a backup past it was taken by a newer HeatSignal. */
function refuseNewerMigrations(manifest: BackupManifest): void {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const head = manifest.facts.migrations.head;
  if (head && head.createdAt > newest)
    throw new RefusedError(
      'the backup was taken by a newer HeatSignal (its database has migrations this code does not know): restore it with that version or later',
    );
}

async function refuseUnlessEmptyFolder(dir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'ENOTDIR') throw new RefusedError(`${dir} (DATA_DIR) is a file, not a folder`);
    throw error;
  }
  if (names.length > 0)
    throw new RefusedError(
      `${dir} (DATA_DIR) is not empty (it holds ${names.slice(0, 5).join(', ')}): restore into a new or empty folder`,
    );
  return true;
}

async function refuseUnlessEmptyDatabase(handle: DatabaseHandle, databaseUrl: string): Promise<void> {
  let objects: number;
  try {
    const { rows } = await handle.db.execute<{ objects: number }>(sql`
      select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_')
           + (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname not in ('pg_catalog', 'information_schema'))
           + (select count(*) from pg_namespace
              where nspname not in ('public', 'information_schema') and nspname !~ '^pg_') as objects`);
    objects = Number(rows[0]?.objects ?? 0);
  } catch (error) {
    // drizzle wraps the driver's error (connection refused, no such database) with the query's text.
    const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    throw new RefusedError(
      `cannot read ${shownUrl(databaseUrl)} (DATABASE_URL): ${reason}; create an empty database first (createdb <name>)`,
    );
  }
  if (objects > 0)
    throw new RefusedError(
      `${shownUrl(databaseUrl)} (DATABASE_URL) is not empty (it holds ${objects} tables, functions or schemas): restore into a new database (createdb <name>)`,
    );
}

const reportOf = (manifest: BackupManifest, target: string, checks: Check[]): RestoreReport => ({
  manifest,
  target,
  checks,
  ok: checks.every((check) => check.ok),
});

async function restorePostgres(file: string, manifest: BackupManifest, databaseUrl: string) {
  const handle = await createDatabase({ databaseUrl, maxConnections: 1 });
  try {
    await refuseUnlessEmptyDatabase(handle, databaseUrl);
    const workDir = await mkdtemp(path.join(tmpdir(), 'heatsignal-restore-'));
    try {
      const { extracted } = await readArchive(file, { extractTo: workDir });
      await runPgTool(
        'pg_restore',
        [
          '--single-transaction',
          '--exit-on-error',
          '--no-owner',
          '--no-privileges',
          extracted.get(PG_DUMP_ENTRY)!,
        ],
        databaseUrl,
      );
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    return reportOf(manifest, shownUrl(databaseUrl), await verifyRestored(handle, manifest));
  } finally {
    await handle.close();
  }
}

async function restorePglite(file: string, manifest: BackupManifest, dataDir: string) {
  const dir = path.resolve(dataDir);
  const existed = await refuseUnlessEmptyFolder(dir);
  const claim = await claimDataDir(dir, 'restore');
  const staging = path.join(dir, `.restoring-${process.pid}`);
  let placed = false;
  try {
    await mkdir(staging, { mode: 0o700 });
    const { extracted } = await readArchive(file, { extractTo: staging });
    const tarball = extracted.get(PGLITE_ENTRY)!;
    const loadDataDir = new Blob([await readFile(tarball)]);
    await rm(tarball);
    const handle = await createDatabase({ dataDir: staging, loadDataDir });
    let checks: Check[];
    try {
      checks = await verifyRestored(handle, manifest);
    } finally {
      await handle.close();
    }
    const report = reportOf(manifest, dir, checks);
    if (report.ok) {
      await rename(path.join(staging, 'pg'), path.join(dir, 'pg'));
      const secret = extracted.get(AUTH_SECRET_ENTRY);
      if (secret) await rename(secret, path.join(dir, AUTH_SECRET_ENTRY));
      placed = true;
    }
    return report;
  } finally {
    // Still held, as since it was found empty: whatever is in it now is this restore's.
    if (placed) await rm(staging, { recursive: true, force: true });
    else if (existed)
      for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
    else await rm(dir, { recursive: true, force: true });
    await claim.close();
  }
}

export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreReport> {
  const { manifest } = await readArchive(path.resolve(file));
  const wanted = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== wanted)
    throw new RefusedError(
      manifest.engine === 'pglite'
        ? 'this backup is of an embedded database (PGlite): restore it into a data folder (DATA_DIR, without DATABASE_URL)'
        : 'this backup is of a PostgreSQL database (pg_dump): restore it into an empty database (DATABASE_URL)',
    );
  refuseNewerMigrations(manifest);
  return target.databaseUrl
    ? restorePostgres(path.resolve(file), manifest, target.databaseUrl)
    : restorePglite(path.resolve(file), manifest, target.dataDir);
}
