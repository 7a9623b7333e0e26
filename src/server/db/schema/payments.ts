import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { cents, createdAt, updatedAt } from './columns';
import { inValues, paymentStatuses, paymentTypes, type PaymentStatus, type PaymentType } from './enums';
import { trades } from './trading';

/**
 * Deposits, withdrawals and tips as the trader and the admin see them. The money itself moves
 * in ledger_entries (linked by payment_id); this row carries the request and its status.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    type: text('type', { enum: paymentTypes }).$type<PaymentType>().notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: paymentStatuses }).$type<PaymentStatus>().notNull().default('pending'),
    /** True for the automatic tip taken when a trade closes in profit. */
    auto: boolean('auto').notNull().default(false),
    /** The trade an automatic tip came from (one automatic tip per trade). */
    tradeId: uuid('trade_id').references(() => trades.id, { onDelete: 'restrict' }),
    /** e.g. simulated, stripe; null for tips and internal moves. */
    provider: text('provider'),
    /** The provider's id for the charge or payout (webhooks look it up). */
    providerRef: text('provider_ref'),
    paymentMethodId: text('payment_method_id'),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('payments_created_at_idx').on(t.createdAt.desc()),
    index('payments_pending_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('payments_provider_ref_uq')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    uniqueIndex('payments_auto_tip_trade_uq')
      .on(t.tradeId)
      .where(sql`${t.auto} and ${t.type} = 'tip'`),
    check('payments_type_check', inValues(t.type, paymentTypes)),
    check('payments_status_check', inValues(t.status, paymentStatuses)),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);
