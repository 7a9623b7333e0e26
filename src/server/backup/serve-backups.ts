/**
 * POST /backup on the data folder's socket (data-dir-claim.ts): the running server's own snapshot
 * of its embedded database, streamed back as a backup file. The caller (`npm run backup`) writes
 * the file with its own permissions; the server never opens a path a client names. One backup at a
 * time: each holds the folder's dump in memory.
 */
import type { PgliteHandle } from '../db/client';
import { writeArchive } from './archive';
import type { SocketHandler } from './data-dir-claim';
import { snapshotPglite } from './snapshot';

export interface BackupLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function serveBackups(handle: PgliteHandle, dataDir: string, log: BackupLog): SocketHandler {
  let running = false;
  return (request, response) => {
    const refuse = (status: number, error: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error }));
    };
    if (request.method !== 'POST' || request.url !== '/backup') return refuse(404, 'Not found');
    if (running) return refuse(409, 'a backup is already being taken; try again when it ends');
    running = true;
    const started = Date.now();
    void (async () => {
      try {
        const snapshot = await snapshotPglite(handle, dataDir);
        // What the server's requests may have waited: the snapshot's transaction, and its turn.
        const snapshotMs = Date.now() - started;
        response.writeHead(200, { 'content-type': 'application/gzip' });
        const manifest = await writeArchive(snapshot.manifest, snapshot.sources, response);
        const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
        log.info({ takenAt: manifest.takenAt, bytes, snapshotMs, ms: Date.now() - started }, 'backup taken');
      } catch (error) {
        log.error({ err: error }, 'backup failed');
        // Before the first byte the caller gets the reason; after it, a cut stream it refuses.
        if (!response.headersSent) refuse(500, `the backup failed: ${(error as Error).message}`);
        else response.destroy(error as Error);
      } finally {
        running = false;
      }
    })();
  };
}
