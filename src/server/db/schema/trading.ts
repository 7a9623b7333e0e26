import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { cents, timestamptz } from './columns';
import {
  directions,
  inValues,
  positionTypes,
  tradeStatuses,
  type Direction,
  type PositionType,
  type TradeStatus,
} from './enums';
import { offers } from './offers';

/**
 * A position opened from an accepted offer. `pair` is the symbol as text so trade history
 * (and the ledger entries pointing here) outlive a deleted pair or offer.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    pair: text('pair').notNull(),
    positionType: text('position_type', { enum: positionTypes }).$type<PositionType>().notNull(),
    direction: text('direction', { enum: directions }).$type<Direction>().notNull(),
    amountCents: cents('amount_cents').notNull(),
    quantity: numeric('quantity').notNull(),
    entryPrice: numeric('entry_price').notNull(),
    exitPrice: numeric('exit_price'),
    takeProfitPrice: numeric('take_profit_price'),
    stopLossPrice: numeric('stop_loss_price'),
    autoCloseProfitPercent: doublePrecision('auto_close_profit_percent'),
    profitPercent: doublePrecision('profit_percent'),
    /** Net of fees; negative for a loss. */
    profitCents: cents('profit_cents'),
    feeCents: cents('fee_cents').notNull().default(0),
    status: text('status', { enum: tradeStatuses }).$type<TradeStatus>().notNull().default('open'),
    /** e.g. take_profit, stop_loss, auto_close, expired, manual, error. */
    closeReason: text('close_reason'),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    index('trades_user_id_opened_at_idx').on(t.userId, t.openedAt.desc()),
    index('trades_opened_at_idx').on(t.openedAt.desc()),
    index('trades_pair_opened_at_idx').on(t.pair, t.openedAt.desc()),
    index('trades_offer_id_idx').on(t.offerId),
    // The trade monitor scans open positions only.
    index('trades_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check('trades_status_check', inValues(t.status, tradeStatuses)),
    check('trades_position_type_check', inValues(t.positionType, positionTypes)),
    check('trades_direction_check', inValues(t.direction, directions)),
    check('trades_amount_check', sql`${t.amountCents} > 0`),
    check('trades_fee_check', sql`${t.feeCents} >= 0`),
  ],
);
