/**
 * `npm run backup -- <file>`: a backup of DATABASE_URL with pg_dump, or of the embedded database
 * in DATA_DIR, taken by the server that runs on it (through the folder's socket) or, when none
 * does, by opening the folder here under the same claim a server takes. The file is written beside
 * its name, read back and checked whole, then renamed into place: a backup that failed never sits
 * under the name, and one that is there was readable when it was made.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createDatabase, type PgliteHandle, type PostgresHandle } from '../db/client';
import { readArchive, writeArchive } from './archive';
import { claimDataDir, DataDirBusyError, socketPathOf } from './data-dir-claim';
import type { BackupManifest } from './manifest';
import { RefusedError } from './refused';
import { snapshotPglite, snapshotPostgres, type Snapshot } from './snapshot';

export interface BackupSource {
  /** PostgreSQL; when unset, the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

export interface BackupResult {
  manifest: BackupManifest;
  /** How it was taken: with pg_dump, through the running server, or by opening the data folder. */
  via: string;
}

const writeFile = (file: string) => createWriteStream(file, { flags: 'wx', mode: 0o600 });

/** Streams the running server's backup into `file`; false when no server answers on the socket. */
function fromServer(socketPath: string, file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const ask = request({ socketPath, method: 'POST', path: '/backup', agent: false }, (response) => {
      if (response.statusCode === 200) {
        pipeline(response, writeFile(file)).then(() => resolve(true), reject);
        return;
      }
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        const reason = (() => {
          try {
            return (JSON.parse(body) as { error?: string }).error;
          } catch {
            return undefined;
          }
        })();
        reject(new Error(`the server did not take the backup: ${reason ?? `HTTP ${response.statusCode}`}`));
      });
    });
    ask.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else if (error.code === 'EACCES')
        reject(new Error(`${socketPath} is not yours: run the backup as the user that runs the server`));
      else reject(error);
    });
    ask.end();
  });
}

async function writeSnapshot(snapshot: Snapshot, file: string): Promise<void> {
  await writeArchive(snapshot.manifest, snapshot.sources, writeFile(file));
}

/** No server holds the folder: open it here, holding the claim so that none starts meanwhile. */
async function fromFolder(dataDir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION')))
    throw new RefusedError(
      `there is no embedded database in ${dataDir} (DATA_DIR): set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL`,
    );
  const claim = await claimDataDir(dataDir, 'backup');
  try {
    const handle = (await createDatabase({ dataDir })) as PgliteHandle;
    try {
      await writeSnapshot(await snapshotPglite(handle, dataDir), file);
    } finally {
      await handle.close();
    }
  } finally {
    await claim.close();
  }
}

async function fromPostgres(databaseUrl: string, file: string): Promise<void> {
  const handle = (await createDatabase({ databaseUrl, maxConnections: 1 })) as PostgresHandle;
  const workDir = await mkdtemp(path.join(tmpdir(), 'heatsignal-backup-'));
  try {
    await writeSnapshot(await snapshotPostgres(handle, databaseUrl, workDir), file);
  } finally {
    await handle.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function fromEmbedded(dataDir: string, file: string): Promise<string> {
  const socketPath = socketPathOf(dataDir);
  if (await fromServer(socketPath, file)) return 'through the running server';
  try {
    await fromFolder(dataDir, file);
    return 'by opening the data folder (no server was running)';
  } catch (error) {
    // A server started between the two: it answers now.
    if (error instanceof DataDirBusyError && (await fromServer(socketPath, file)))
      return 'through the running server';
    throw error;
  }
}

export async function takeBackup(source: BackupSource, target: string): Promise<BackupResult> {
  const file = path.resolve(target);
  if (existsSync(file)) throw new RefusedError(`${file} already exists: choose a new name for each backup`);
  const partial = `${file}.partial-${process.pid}`;
  try {
    const via = source.databaseUrl
      ? (await fromPostgres(source.databaseUrl, partial), 'with pg_dump')
      : await fromEmbedded(path.resolve(source.dataDir), partial);
    const { manifest } = await readArchive(partial, { verify: true });
    await rename(partial, file);
    return { manifest, via };
  } finally {
    await rm(partial, { force: true });
  }
}
