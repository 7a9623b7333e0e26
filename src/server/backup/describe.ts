import path from 'node:path';
import type { BackupManifest } from './manifest';
import { shownUrl } from './pg-tools';

/** The scripts' one argument and the database it names: DATABASE_URL, else DATA_DIR (./data). */
export function parseCommandLine(usage: string) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith('-')) {
    console.error(usage);
    process.exit(2);
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  return { file, databaseUrl, dataDir, shown: databaseUrl ? shownUrl(databaseUrl) : `${dataDir} (embedded)` };
}

const dollars = (cents: number | undefined) => `$${((cents ?? 0) / 100).toFixed(2)}`;
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** What a backup holds, in a few lines for the operator. */
export function describeManifest(manifest: BackupManifest): string[] {
  const { facts } = manifest;
  const rows = Object.values(facts.tables).reduce((total, n) => total + n, 0);
  const totals = facts.ledgerTotalsByKind;
  const engine = manifest.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
  return [
    `taken ${manifest.takenAt} from ${engine} (${manifest.serverVersion.split(' on ')[0]})`,
    `${Object.keys(facts.tables).length} tables, ${rows} rows, ${facts.migrations.count} migrations applied`,
    `ledger: traders' available ${dollars(totals['user_available'])}, held ${dollars(totals['user_held'])}, in positions ${dollars(totals['user_positions'])}`,
    `audit chain: ${facts.tables['public.audit_logs'] ?? 0} rows${facts.auditHead ? `, ending at row ${facts.auditHead.id}` : ''}`,
    `files: ${manifest.files.map((file) => `${file.name} (${megabytes(file.size)})`).join(', ')}`,
  ];
}
