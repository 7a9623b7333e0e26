/**
 * `npm run audit:verify`: checks the audit log's hash chain on DATABASE_URL, or on the embedded
 * database in DATA_DIR (default ./data; stop the server first, PGlite allows one process).
 * Prints "intact" and exits 0, or names the first broken row and exits 1. Pending migrations are
 * applied first, as the server would on start-up: the chain's columns and function come from one.
 */
import path from 'node:path';
import { createDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { createLogsService } from '../src/server/modules/logs/logs.service';

const database = await createDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, maxConnections: 1 }
    : { dataDir: path.resolve(process.env.DATA_DIR ?? './data') },
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
}
