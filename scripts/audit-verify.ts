/**
 * `npm run audit:verify`: checks the audit log's hash chain on DATABASE_URL, or on the embedded
 * database in DATA_DIR (default ./data; stop the server first, PGlite allows one process: the
 * folder's claim refuses to open it while a server runs on it).
 * Prints "intact" and exits 0, or names the first broken row and exits 1. Pending migrations are
 * applied first, as the server would on start-up: the chain's columns and function come from one.
 */
import path from 'node:path';
import { claimDataDir, DataDirBusyError } from '../src/server/backup/data-dir-claim';
import { createDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { createLogsService } from '../src/server/modules/logs/logs.service';

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const claim = process.env.DATABASE_URL
  ? undefined
  : await claimDataDir(dataDir, 'audit:verify').catch((error: unknown) => {
      if (!(error instanceof DataDirBusyError)) throw error;
      console.error(`${error.message}: stop it first`);
      process.exit(1);
    });
const database = await createDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, maxConnections: 1 } : { dataDir },
);
try {
  await migrateDatabase(database);
  const status = await createLogsService(database.db).verifyAuditChain();
  if (status.intact) {
    console.log(`audit chain intact (${status.rows} rows)`);
  } else {
    const what =
      status.reason === 'hash'
        ? 'its content no longer matches its hash'
        : 'its link to the row before is broken';
    console.log(`audit chain broken at row ${status.firstBrokenId}: ${what} (${status.rows} rows)`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
  await claim?.close();
}
