import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzleOnThread, type DatabaseHandle } from './client';
import { REPO_ROOT } from '../shared/repo-root';

/** `<repo>/drizzle`, found from the repository's root so the working directory does not matter. */
export const migrationsFolder = path.join(REPO_ROOT, 'drizzle');

/** Session advisory lock held while migrating, so api and worker processes starting together queue up. */
const MIGRATION_LOCK_KEY = 4_815_162_342;

/**
 * Applies every pending migration of `drizzle/` (recorded in drizzle.__drizzle_migrations),
 * in one transaction. Running it again is a no-op.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: { migrationsFolder?: string } = {},
): Promise<void> {
  const config = { migrationsFolder: options.migrationsFolder ?? migrationsFolder };
  if (handle.kind === 'pglite') {
    await migratePglite(drizzleOnThread(handle.client), config);
    return;
  }
  const connection = await handle.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), config);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}
