/**
 * The server's hold on its embedded data folder (data-dir-claim.ts), taken before the database is
 * opened: another process holding the folder stops the start. A socket that cannot be made (a
 * DATA_DIR path too long for one) costs only backups of the running server, said in the log; the
 * backup tool, which cannot make it either, then refuses to open the folder.
 */
import type { DatabaseHandle } from '../db/client';
import { claimDataDir, DataDirBusyError, type DataDirClaim } from './data-dir-claim';
import { serveBackups, type BackupLog } from './serve-backups';

export interface ServerClaim {
  /** Once the database is open and migrated: answers backup requests, or logs why it cannot. */
  serve(handle: DatabaseHandle, log: BackupLog & { warn(message: string): void }): void;
  close(): Promise<void>;
}

export async function claimDataDirForServer(dataDir: string): Promise<ServerClaim> {
  let claim: DataDirClaim | undefined;
  let problem = '';
  try {
    claim = await claimDataDir(dataDir, 'server');
  } catch (error) {
    if (error instanceof DataDirBusyError) throw error;
    problem = (error as Error).message;
  }
  return {
    serve(handle, log) {
      if (!claim) log.warn(`backups of the running server are unavailable: ${problem}`);
      else if (handle.kind === 'pglite') claim.handle(serveBackups(handle, dataDir, log));
    },
    close: async () => claim?.close(),
  };
}
