import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz, updatedAt } from './columns';
import { inValues, triggerTypes, type TriggerType } from './enums';

/** e.g. `{ timeframe: '1h' }` for advisor_request, thresholds for breakout / volume_spike. */
export type TriggerParameters = Record<string, unknown>;
/** What a polling trigger has already seen, e.g. `{ itemIds: [...] }` for an RSS source. */
export type TriggerLastSeen = Record<string, unknown>;

/**
 * Live triggers (admin spec: Platform Settings). `symbol` is a pair symbol such as BTC/USD,
 * kept as text so a trigger can be configured before its pair is synced.
 */
export const triggers = pgTable(
  'triggers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: triggerTypes }).$type<TriggerType>().notNull(),
    symbol: text('symbol').notNull(),
    /** An http(s) URL (RSS feed for news types) or null. */
    source: text('source'),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    parameters: jsonb('parameters').$type<TriggerParameters>().notNull().default({}),
    lastFiredAt: timestamptz('last_fired_at'),
    lastSeen: jsonb('last_seen').$type<TriggerLastSeen>(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('triggers_symbol_type_idx').on(t.symbol, t.type),
    index('triggers_created_at_idx').on(t.createdAt),
    index('triggers_active_type_idx')
      .on(t.type)
      .where(sql`${t.active}`),
    check('triggers_type_check', inValues(t.type, triggerTypes)),
  ],
);

/**
 * Signing keys of the trigger webhook (POST /api/triggers/webhook). The secret is shown once at
 * creation; it is kept only sealed (AES-256-GCM under a key derived from AUTH_SECRET), because
 * checking an HMAC needs the key itself: any hash the server could verify with would be a signing
 * key in its own right, so a database leak alone would let anyone sign. Sealed, it needs AUTH_SECRET too.
 */
export const webhookSecrets = pgTable('webhook_secrets', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  /** `iv.tag.ciphertext`, each base64url. */
  sealedSecret: text('sealed_secret').notNull(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: timestamptz('last_used_at'),
});
