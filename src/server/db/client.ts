import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

/*
 * One schema, two engines: PGlite (PostgreSQL in WASM, single connection) by default, and a
 * PostgreSQL server through a pg.Pool when a URL is given. Both drizzle instances are typed as
 * the shared PgDatabase so services never know which one they got.
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
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

interface HandleBase {
  db: Database;
  /** Idempotent. */
  close: () => Promise<void>;
}
export interface PgliteHandle extends HandleBase {
  kind: 'pglite';
  /** The raw PGlite instance (dumpDataDir, listen/notify, raw SQL). */
  client: PGlite;
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
  loadDataDir?: Blob | File;
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

/*
 * PGlite runs in this thread and answers through promises alone, with no I/O in between: a chain
 * of awaited statements (a backfill, an analysis run) would be one long task holding every
 * request behind it. Each statement first gives the event loop a turn, so requests interleave.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function yieldBeforeStatements(client: PGlite): void {
  const methods = client as unknown as Record<
    'query' | 'exec' | 'transaction',
    (...args: unknown[]) => unknown
  >;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = methods[name].bind(client);
    methods[name] = async (...args: unknown[]) => {
      await turn();
      return original(...args);
    };
  }
}

async function createPglite(dataDir: string | undefined, loadDataDir?: Blob | File) {
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), loadDataDir });
  yieldBeforeStatements(client);
  const db = drizzlePglite({ client, schema });
  let closing: Promise<void> | undefined;
  const handle: PgliteHandle = {
    kind: 'pglite',
    db,
    client,
    close: () => (closing ??= client.closed ? Promise.resolve() : client.close()),
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
