/**
 * The audit log's hash chain (migration 0012). Appends are serialised by a transaction-scoped
 * advisory lock taken right before the insert (both in `audit_append`, migration 0016), so
 * concurrent writers each link to the row committed before them; the lock is held only from the
 * append to the caller's commit, which is the last step of every audited transaction.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { LogDetails } from '../../db/schema';

export interface AuditAppend {
  userId: string | null;
  action: string;
  details: LogDetails;
}

export type AuditChainStatus =
  | { intact: true; rows: number }
  | {
      intact: false;
      rows: number;
      /** The first row (in chain order) whose hash or link does not hold. */
      firstBrokenId: number;
      /** `hash`: the row was changed; `link`: a row before it was removed or inserted. */
      reason: 'hash' | 'link';
    };

/**
 * Appends one row (migration 0016's `audit_append`): inside `tx` when given, so it commits with the
 * change it records, else as a statement of its own.
 */
export async function appendAudit(db: Queryable, entry: AuditAppend): Promise<void> {
  await db.execute(
    sql`select audit_append(${entry.userId}::text, ${entry.action}::text, ${JSON.stringify(entry.details)}::jsonb)`,
  );
}

/**
 * Recomputes every row's hash and checks every link, in one pass of the database. Removing the
 * newest rows leaves no trace in the chain itself; every other edit, insertion or removal does.
 */
export async function verifyAuditChain(db: Queryable): Promise<AuditChainStatus> {
  const result = await db.execute<{ id: string; reason: 'hash' | 'link'; rows: string }>(sql`
    with checked as (
      select id,
             hash <> audit_log_hash(prev_hash, id, user_id, action, details, timestamp) as bad_hash,
             prev_hash <> coalesce(lag(hash) over (order by id), '') as bad_link
      from audit_logs
    )
    select (select count(*) from audit_logs)::text as rows, b.id::text as id,
           case when b.bad_link then 'link' else 'hash' end as reason
    from (select 1) as one
    left join lateral (
      select id, bad_link from checked where bad_hash or bad_link order by id limit 1
    ) as b on true`);
  const row = result.rows[0];
  const rows = Number(row?.rows ?? 0);
  if (!row?.id) return { intact: true, rows };
  return { intact: false, rows, firstBrokenId: Number(row.id), reason: row.reason };
}

/** The newest row of the chain, or null when it is empty: what a later copy must still end with. */
export async function auditChainHead(db: Queryable): Promise<{ id: number; hash: string } | null> {
  const result = await db.execute<{ id: string; hash: string }>(
    sql`select l.id::text as id, l.hash from audit_logs l order by l.id desc limit 1`,
  );
  const row = result.rows[0];
  return row ? { id: Number(row.id), hash: row.hash } : null;
}
