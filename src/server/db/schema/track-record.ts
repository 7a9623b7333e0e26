import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The public track record: an append-only hash chain of what was published (kind `offer`), how a
 * published offer's horizon moved afterwards (`revision`) and how it ended (`outcome`). `body` is
 * the entry's canonical JSON as the application wrote it; `seq`, `recorded_at`, `prev_hash` and
 * `hash` are set by `track_record_append` (migration 0018) under a lock, so the chain has no gap and
 * no fork. hash = SHA-256(prev_hash "\n" seq "\n" recorded_at "\n" body), the same rule the public
 * verifier applies to the export. Triggers refuse UPDATE, DELETE and TRUNCATE. No foreign key: the
 * record outlives the offers and pairs it names.
 */
export const trackRecord = pgTable(
  'track_record',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    body: text('body').notNull(),
    /** The body parsed, for queries (generated: it can never disagree with what was hashed). */
    entry: jsonb('entry')
      .$type<Record<string, unknown>>()
      .generatedAlwaysAs(sql`(body)::jsonb`)
      .notNull(),
    kind: text('kind')
      .generatedAlwaysAs(sql`((body)::jsonb ->> 'kind')`)
      .notNull(),
    offerId: uuid('offer_id')
      .generatedAlwaysAs(sql`(((body)::jsonb ->> 'offerId'))::uuid`)
      .notNull(),
    recordedAt: timestamptz('recorded_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('track_record_offer_id_seq_idx').on(t.offerId, t.seq),
    check('track_record_kind_check', sql`${t.kind} in ('offer', 'revision', 'outcome')`),
    check('track_record_seq_check', sql`${t.seq} >= 1`),
  ],
);
