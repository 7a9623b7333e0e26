/**
 * `npm run backup -- <file>`: a consistent backup of DATABASE_URL (pg_dump), or of the embedded
 * database in DATA_DIR (default ./data), whether or not the server runs on it. Prints what the
 * file holds; exits 1 when no backup was written. README: Backups and restore.
 */
import path from 'node:path';
import { describeManifest, parseCommandLine } from '../src/server/backup/describe';
import { takeBackup } from '../src/server/backup/take-backup';

const { file, databaseUrl, dataDir, shown } = parseCommandLine(
  'usage: npm run backup -- <file>   (DATABASE_URL, or DATA_DIR, names the database)',
);
try {
  const { manifest, via } = await takeBackup({ databaseUrl, dataDir }, file);
  console.log(`backup of ${shown} written to ${path.resolve(file)}, taken ${via}`);
  for (const line of describeManifest(manifest)) console.log(`  ${line}`);
} catch (error) {
  console.error(`backup of ${shown} failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
