import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timestamptz } from './columns';

export type LogDetails = Record<string, unknown>;

/** Who did what (admin mutations, money movements, sign-ins). Append-only. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<LogDetails>(),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
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
