import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

export type LogDetails = Record<string, unknown>;

/**
 * Who did what (admin mutations, money movements), with before and after in `details`.
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and tamper-evident: rows form a
 * hash chain in id order, `hash` = audit_log_hash(prev_hash, id, user_id, action, details,
 * timestamp), the SQL function of migration 0012, and `prev_hash` the hash of the row before
 * ('' for the first). `user_id` has no foreign key: deleting an account must not rewrite
 * (and so break) the history that names it.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<LogDetails>(),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_logs_timestamp_idx').on(t.timestamp.desc()),
    index('audit_logs_user_id_timestamp_idx').on(t.userId, t.timestamp.desc()),
  ],
);

/**
 * What the workers did per pair (sync, analysis stages, expiry, errors). `pair` is the symbol
 * as text so the log outlives a deleted pair. Append-only.
 */
export const actionLogs = pgTable(
  'action_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pair: text('pair'),
    action: text('action').notNull(),
    status: text('status').notNull(),
    details: jsonb('details').$type<LogDetails>(),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('action_logs_timestamp_idx').on(t.timestamp.desc()),
    index('action_logs_pair_timestamp_idx').on(t.pair, t.timestamp.desc()),
  ],
);
