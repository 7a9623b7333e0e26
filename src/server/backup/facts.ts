/**
 * What a backup says of its database, read inside the snapshot the dump is taken from, and read
 * again from the restored copy: the two must be equal. The row count of every table (all schemas
 * but the system's, so drizzle's migration journal too), the migration head, the ledger's total per
 * account kind and the audit chain's newest row (the chain verifies without it, so a copy missing
 * its newest rows would pass unnoticed).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '../db/client';
import { createLedgerService } from '../modules/ledger/ledger.service';
import { createLogsService } from '../modules/logs/logs.service';

export const backupFactsSchema = z.object({
  /** `schema.table` → rows. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  migrations: z.object({
    count: z.number().int().nonnegative(),
    /** The newest applied migration (drizzle's journal: its file's hash and its `when`). */
    head: z.object({ hash: z.string(), createdAt: z.number().int() }).nullable(),
  }),
  /** Account kind → the sum of its entries, in cents. */
  ledgerTotalsByKind: z.record(z.string(), z.number().int()),
  auditHead: z.object({ id: z.number().int(), hash: z.string() }).nullable(),
});
export type BackupFacts = z.infer<typeof backupFactsSchema>;

/** Every table outside the system schemas: `name` for people, `quoted` for SQL. */
async function listTables(queryable: Queryable) {
  const { rows } = await queryable.execute<{ name: string; quoted: string }>(sql`
    select n.nspname || '.' || c.relname as name,
           quote_ident(n.nspname) || '.' || quote_ident(c.relname) as quoted
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p')
      and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname !~ '^pg_(toast|temp)'
    order by 1`);
  return rows;
}

async function countRows(queryable: Queryable): Promise<Record<string, number>> {
  const tables = await listTables(queryable);
  if (tables.length === 0) return {};
  // One statement, so a database without a snapshot of its own (PGlite's one connection) is read
  // at one point too.
  const counts = sql.join(
    tables.map((t) => sql`select ${t.name}::text as name, count(*)::text as rows from ${sql.raw(t.quoted)}`),
    sql` union all `,
  );
  const { rows } = await queryable.execute<{ name: string; rows: string }>(counts);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.rows)]));
}

async function readMigrations(queryable: Queryable): Promise<BackupFacts['migrations']> {
  const { rows } = await queryable.execute<{ count: number; hash: string | null; created_at: string | null }>(
    sql`select count(*)::int as count,
               (array_agg(hash order by created_at desc, id desc))[1] as hash,
               max(created_at)::text as created_at
        from drizzle.__drizzle_migrations`,
  );
  const row = rows[0];
  const head = row?.hash && row.created_at ? { hash: row.hash, createdAt: Number(row.created_at) } : null;
  return { count: Number(row?.count ?? 0), head };
}

/** The facts as `queryable` (the snapshot's transaction, or the restored database) sees them. */
export async function readFacts(db: Database, queryable: Queryable = db): Promise<BackupFacts> {
  const tables = await countRows(queryable);
  const migrations =
    tables['drizzle.__drizzle_migrations'] === undefined
      ? { count: 0, head: null }
      : await readMigrations(queryable);
  const totals = await createLedgerService(db).totalsByKind(queryable);
  const auditHead = await createLogsService(db).auditChainHead(queryable);
  return {
    tables,
    migrations,
    ledgerTotalsByKind: Object.fromEntries(totals.map((t) => [t.kind, t.totalCents])),
    auditHead,
  };
}
