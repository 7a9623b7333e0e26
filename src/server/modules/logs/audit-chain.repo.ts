/**
 * The audit log's hash chain (migration 0012). Appends are serialised by a transaction-scoped
 * advisory lock taken right before the insert, so concurrent writers each link to the row
 * committed before them; the lock is held only from the append to the caller's commit, which is
 * the last step of every audited transaction.
 */
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import type { LogDetails } from '../../db/schema';

/** Arbitrary but fixed: every process appending to audit_logs takes this same lock. */
const AUDIT_CHAIN_LOCK_KEY = 7_306_417_221;

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

/** Appends one row inside `tx` (the caller's transaction, so it commits with the change). */
export async function appendAudit(tx: Queryable, entry: AuditAppend): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY})`);
  const details = JSON.stringify(entry.details);
  // id from the sequence under the lock, so id order is chain order.
  await tx.execute(sql`
    insert into audit_logs (id, user_id, action, details, timestamp, prev_hash, hash)
    select n.id, ${entry.userId}::text, ${entry.action}::text, ${details}::jsonb, n.at, n.prev,
           audit_log_hash(n.prev, n.id, ${entry.userId}::text, ${entry.action}::text, ${details}::jsonb, n.at)
    from (
      select nextval(pg_get_serial_sequence('audit_logs', 'id')) as id,
             now() as at,
             coalesce((select hash from audit_logs order by id desc limit 1), '') as prev
    ) as n`);
}

/** Appends in a transaction of its own when the caller has none. */
export function appendAuditAlone(db: Database, entry: AuditAppend): Promise<void> {
  return db.transaction((tx) => appendAudit(tx, entry));
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
