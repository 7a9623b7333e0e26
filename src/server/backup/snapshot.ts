/**
 * A consistent snapshot of the database: its dump and the manifest's facts, read at one point.
 *
 * - PGlite: one connection, whose statements run one at a time, and a statement outside a
 *   transaction waits for an open one to end (pglite-thread.ts). Inside a transaction of our own
 *   nothing else runs: the facts are read, CHECKPOINT writes every page to the folder's files (so
 *   the copy opens without replaying WAL), and PGlite's dumpDataDir tars the folder. dumpDataDir
 *   takes only PGlite's statement lock, not its transaction lock, so it runs inside ours instead of
 *   waiting for it to end (@electric-sql/pglite is pinned; were that to change, the backup tests
 *   would hang, not pass). The server's requests queue meanwhile (about half a second for 64 MB).
 * - PostgreSQL: a REPEATABLE READ transaction exports its snapshot (pg_export_snapshot), reads the
 *   facts in it and stays open while pg_dump --snapshot dumps exactly what it sees. Nothing waits.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteHandle, PostgresHandle, Queryable } from '../db/client';
import type { ArchiveSource } from './archive';
import { readFacts } from './facts';
import {
  AUTH_SECRET_ENTRY,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  PG_DUMP_ENTRY,
  PGLITE_ENTRY,
  type BackupManifest,
} from './manifest';
import { runPgTool } from './pg-tools';

export interface Snapshot {
  manifest: Omit<BackupManifest, 'files'>;
  sources: ArchiveSource[];
}

async function describeServer(queryable: Queryable) {
  const { rows } = await queryable.execute<{ taken_at_ms: string; version: string }>(
    sql`select (extract(epoch from now()) * 1000)::bigint::text as taken_at_ms, version() as version`,
  );
  const row = rows[0]!;
  return { takenAt: new Date(Number(row.taken_at_ms)).toISOString(), serverVersion: row.version };
}

/** DATA_DIR/auth-secret, when the server keeps its secret there (AUTH_SECRET unset). */
async function authSecretOf(dataDir: string): Promise<ArchiveSource[]> {
  try {
    return [{ name: AUTH_SECRET_ENTRY, bytes: await readFile(path.join(dataDir, 'auth-secret')) }];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function snapshotPglite(handle: PgliteHandle, dataDir: string): Promise<Snapshot> {
  const taken = await handle.db.transaction(async (tx) => {
    const server = await describeServer(tx);
    const facts = await readFacts(handle.db, tx);
    await tx.execute(sql`checkpoint`);
    const dump = await handle.client.dumpDataDir('none');
    return { server, facts, bytes: new Uint8Array(await dump.arrayBuffer()) };
  });
  return {
    manifest: {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      engine: 'pglite',
      ...taken.server,
      facts: taken.facts,
    },
    sources: [{ name: PGLITE_ENTRY, bytes: taken.bytes }, ...(await authSecretOf(dataDir))],
  };
}

/** Dumps into `workDir/database.pgdump`; the caller removes the folder. */
export async function snapshotPostgres(
  handle: PostgresHandle,
  databaseUrl: string,
  workDir: string,
): Promise<Snapshot> {
  const file = path.join(workDir, PG_DUMP_ENTRY);
  const taken = await handle.db.transaction(
    async (tx) => {
      const { rows } = await tx.execute<{ id: string }>(sql`select pg_export_snapshot() as id`);
      const server = await describeServer(tx);
      const facts = await readFacts(handle.db, tx);
      // Uncompressed: the backup file is gzipped as a whole.
      await runPgTool(
        'pg_dump',
        ['--format=custom', '--compress=0', `--snapshot=${rows[0]!.id}`, `--file=${file}`],
        databaseUrl,
      );
      return { server, facts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    manifest: {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      engine: 'postgres',
      ...taken.server,
      facts: taken.facts,
    },
    sources: [{ name: PG_DUMP_ENTRY, file }],
  };
}
