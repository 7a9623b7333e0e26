import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { cents, createdAt } from './columns';
import {
  inValues,
  ledgerAccountKinds,
  ledgerEntryKinds,
  userLedgerAccountKinds,
  type LedgerAccountKind,
  type LedgerEntryKind,
} from './enums';
import { payments } from './payments';
import { trades } from './trading';

/**
 * Double-entry ledger (DESIGN: Money). Each user has user_available / user_held /
 * user_positions accounts; platform and external accounts have no user. A balance is
 * SUM(amount_cents) of an account's entries.
 *
 * Invariants enforced by the database (migrations 0001_ledger_guards, 0007_ledger_running_balance):
 * - entries are immutable: UPDATE and DELETE raise; corrections are reversing entries;
 * - every transaction_id sums to zero, checked at COMMIT (deferred constraint trigger), so all
 *   legs of a movement must be inserted in the same database transaction;
 * - a user account's `balance_cents` is its running balance, added to by a trigger on every entry
 *   insert (same transaction), so reading a balance costs one row however long the history; it can
 *   never go below zero (CHECK). System accounts keep no running balance (NULL): many movements
 *   credit them at once, and a shared counter row would serialise them all.
 * The ledger service locks a movement's user accounts (FOR UPDATE, in id order) before posting.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ledgerAccountKinds }).$type<LedgerAccountKind>().notNull(),
    /** Running balance of a user account (sum of its entries); NULL for system accounts. */
    balanceCents: cents('balance_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT: one platform_revenue account in total, not one per NULL user.
    unique('ledger_accounts_user_id_kind_uq').on(t.userId, t.kind).nullsNotDistinct(),
    check('ledger_accounts_kind_check', inValues(t.kind, ledgerAccountKinds)),
    check(
      'ledger_accounts_owner_check',
      sql`(${inValues(t.kind, userLedgerAccountKinds)}) = (${t.userId} is not null)`,
    ),
    check(
      'ledger_accounts_balance_kept_check',
      sql`(${t.userId} is not null) = (${t.balanceCents} is not null)`,
    ),
    check('ledger_accounts_balance_check', sql`${t.balanceCents} >= 0`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Groups the legs of one movement; they sum to zero. */
    transactionId: uuid('transaction_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed: positive credits the account's balance, negative debits it. */
    amountCents: cents('amount_cents').notNull(),
    kind: text('kind', { enum: ledgerEntryKinds }).$type<LedgerEntryKind>().notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    tradeId: uuid('trade_id').references(() => trades.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_id_idx').on(t.accountId),
    // A day's entries of an account (the trading guardrails' start-of-day equity) without its history.
    index('ledger_entries_account_id_created_at_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_transaction_id_idx').on(t.transactionId),
    index('ledger_entries_payment_id_idx')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    index('ledger_entries_trade_id_idx')
      .on(t.tradeId)
      .where(sql`${t.tradeId} is not null`),
    check('ledger_entries_kind_check', inValues(t.kind, ledgerEntryKinds)),
    check('ledger_entries_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * `Idempotency-Key` of money-moving POSTs: the first request stores its response; a retry with
 * the same key and body gets it back, a different body under the same key is refused.
 * `response` / `status_code` are null while the first request is still in flight.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<unknown>(),
    statusCode: integer('status_code'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
