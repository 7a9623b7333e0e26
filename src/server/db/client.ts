import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

/*
 * One schema, two engines: PGlite (PostgreSQL in WASM, single connection) by default, on a thread
 * of its own (pglite-thread.ts) so its statements never run on the HTTP thread, and a PostgreSQL
 * server through a pg.Pool when a URL is given. Both drizzle instances are typed as the shared
 * PgDatabase so services never know which one they got.
 */

export type Schema = typeof schema;

/** The result shape both drivers give `db.execute()`: an object with `rows`. */
export interface QueryResult<TRow> {
  rows: TRow[];
}
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryResult<this['row']>;
}

export type Database = PgDatabase<QueryResultHKT, Schema>;
export type Transaction = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

interface HandleBase {
  db: Database;
  /** Idempotent. */
  close: () => Promise<void>;
}
export interface PgliteHandle extends HandleBase {
  kind: 'pglite';
  /** PGlite's thread, with PGlite's query/exec/transaction/dumpDataDir (raw SQL, template dumps). */
  client: PgliteThread;
}
export interface PostgresHandle extends HandleBase {
  kind: 'postgres';
  /** The raw pool (dedicated connections, LISTEN, advisory locks). */
  client: pg.Pool;
}
export type DatabaseHandle = PgliteHandle | PostgresHandle;

export interface DatabaseConfig {
  /** PostgreSQL server URL; when set, PGlite options are ignored. */
  databaseUrl?: string;
  /** PGlite keeps its files in `${dataDir}/pg`. */
  dataDir?: string;
  /** PGlite in memory only (tests, throw-away runs). */
  inMemory?: boolean;
  /** Start PGlite from a `dumpDataDir()` tarball instead of running initdb (much faster). */
  loadDataDir?: Blob;
  /** pg.Pool size (PostgreSQL only). */
  maxConnections?: number;
  /**
   * How long getting a pooled connection may take (connecting, or waiting for a free one) before
   * the query fails, and so the request answers 503; default 5 s. Without it a server that drops
   * packets holds requests for the OS's TCP timeout (minutes).
   */
  connectTimeoutMs?: number;
  /** Errors of idle pooled connections (e.g. the server restarted); default: console.error. */
  onPoolError?: (error: Error) => void;
}

export async function createDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) return createPostgres(config);
  if (config.inMemory) return createPglite(undefined, config.loadDataDir);
  if (config.dataDir) {
    const dir = path.resolve(config.dataDir, 'pg');
    await mkdir(dir, { recursive: true });
    return createPglite(dir, config.loadDataDir);
  }
  throw new Error('createDatabase: set databaseUrl, dataDir or inMemory');
}

/** drizzle's pglite driver over the thread: it calls only the part of PGlite the proxy has. */
export function drizzleOnThread(client: PgliteThread) {
  return drizzlePglite({ client: client as unknown as PGlite, schema });
}

async function createPglite(dataDir: string | undefined, loadDataDir?: Blob) {
  const client = await PgliteThread.start({ dataDir, loadDataDir });
  const handle: PgliteHandle = {
    kind: 'pglite',
    db: drizzleOnThread(client),
    client,
    close: () => client.close(),
  };
  return handle;
}

function createPostgres(config: DatabaseConfig) {
  const client = new pg.Pool({
    connectionString: config.databaseUrl,
    max: config.maxConnections ?? 10,
    connectionTimeoutMillis: config.connectTimeoutMs ?? 5_000,
  });
  const onPoolError = config.onPoolError ?? ((error: Error) => console.error('[db] client error', error));
  // Without a listener, an idle client losing its connection would crash the process.
  client.on('error', onPoolError);
  // The pool listens to its clients only while they are idle: one checked out (a transaction
  // between statements) whose connection is cut (a failover, pg_terminate_backend) would emit an
  // unhandled 'error' and end the process. Its query or transaction fails on its own.
  client.on('connect', (connection) => connection.on('error', onPoolError));
  const db = drizzleNodePg({ client, schema });
  let closing: Promise<void> | undefined;
  const handle: PostgresHandle = {
    kind: 'postgres',
    db,
    client,
    close: () => (closing ??= client.end()),
  };
  return Promise.resolve(handle);
}
