import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '../../../contract/common';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';

/**
 * A trader's personal API keys. Only a SHA-256 of the secret is kept (the key is shown once, at
 * creation); `prefix` is the key's first characters, shown in lists so the trader can tell them
 * apart. A revoked or expired key stays listed, refused.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at'),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_keys_user_id_idx').on(t.userId, t.createdAt.desc()),
    check(
      'api_keys_scopes_check',
      sql`${t.scopes} <@ array['read', 'trade']::text[] and cardinality(${t.scopes}) > 0`,
    ),
  ],
);
