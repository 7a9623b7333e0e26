/**
 * `npm run restore -- <file>`: restores a backup into an empty database (DATABASE_URL) or an empty
 * or new data folder (DATA_DIR, default ./data), then proves it: the audit chain, every balance
 * against its entries, the ledger's totals and every table's rows against the backup's manifest.
 * Exits 0 only when it was restored and every check passed. README: Backups and restore.
 */
import path from 'node:path';
import { describeManifest, parseCommandLine } from '../src/server/backup/describe';
import { restoreBackup } from '../src/server/backup/restore';

const { file, databaseUrl, dataDir, shown } = parseCommandLine(
  'usage: npm run restore -- <file>   (DATABASE_URL, or DATA_DIR, names the empty target)',
);
try {
  const report = await restoreBackup(file, { databaseUrl, dataDir });
  console.log(`restored ${path.resolve(file)} into ${shown}`);
  for (const line of describeManifest(report.manifest)) console.log(`  ${line}`);
  for (const check of report.checks)
    console.log(`  ${check.ok ? 'ok    ' : 'FAILED'} ${check.name}: ${check.detail}`);
  if (report.ok) {
    console.log('restored and verified');
  } else {
    console.log(
      databaseUrl
        ? 'restored, but NOT verified: the database holds what was restored, for a look; drop it before another attempt'
        : 'NOT restored: the checks failed, and the data folder was left as it was',
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`restore into ${shown} refused or failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
