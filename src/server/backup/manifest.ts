/**
 * The manifest: the first entry of every backup file, written in the snapshot the dump comes from.
 * It names the engine (a PGlite data folder restores only into a data folder, a pg_dump only into a
 * PostgreSQL database), the facts a restore must find again, and the size and SHA-256 of every
 * other entry, so a damaged file is refused before anything is restored from it.
 */
import { z } from 'zod';
import { backupFactsSchema } from './facts';

export const BACKUP_FORMAT = 'heatsignal-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
/** PGlite's data folder, as its dumpDataDir() tar. */
export const PGLITE_ENTRY = 'pgdata.tar';
/** pg_dump's custom format, uncompressed (the file as a whole is gzipped): pg_restore reads it. */
export const PG_DUMP_ENTRY = 'database.pgdump';
/** DATA_DIR/auth-secret when there is one: 2FA secrets and webhook secrets are sealed with it. */
export const AUTH_SECRET_ENTRY = 'auth-secret';

const fileSchema = z.object({
  name: z.enum([PGLITE_ENTRY, PG_DUMP_ENTRY, AUTH_SECRET_ENTRY]),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  engine: z.enum(['pglite', 'postgres']),
  /** The database's clock at the snapshot (ISO 8601). */
  takenAt: z.string(),
  /** `select version()` of the database it was taken from. */
  serverVersion: z.string(),
  facts: backupFactsSchema,
  files: z.array(fileSchema).min(1),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestFile = BackupManifest['files'][number];

/** A manifest from its JSON text, or a sentence saying why it is not one this code can restore. */
export function parseManifest(text: string): BackupManifest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'its manifest is not JSON';
  }
  const head = z.object({ format: z.unknown(), version: z.unknown() }).safeParse(value);
  if (!head.success || head.data.format !== BACKUP_FORMAT) return 'it is not a HeatSignal backup';
  const { version } = head.data;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION)
    return `it was made by a newer HeatSignal (backup format ${version}; this one reads ${BACKUP_FORMAT_VERSION})`;
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) return `its manifest is malformed (${parsed.error.issues[0]?.path.join('.')})`;
  return parsed.data;
}
