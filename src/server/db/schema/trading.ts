import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { cents, timestamptz } from './columns';
import {
  directions,
  inValues,
  orderSides,
  positionTypes,
  tradeCloseReasons,
  tradeStatuses,
  type Direction,
  type OrderSide,
  type PositionType,
  type TradeCloseReason,
  type TradeStatus,
} from './enums';
import { offers } from './offers';

/**
 * An order of an open trade not yet resolved: which leg, why (an exit), and, once its answer was
 * lost, the error that lost it and when (ISO; the order was sent before then). Without `error` it
 * is an exit in flight. It was sent after `opened_at` (entry) or `close_claimed_at` (exit).
 */
export interface UnknownOrder {
  leg: 'entry' | 'exit';
  closeReason?: 'auto_close' | 'stop_loss' | 'expired';
  error?: string;
  lostAt?: string;
}

/**
 * A position opened from an accepted offer. `pair` is the symbol as text so trade history
 * (and the ledger entries pointing here) outlive a deleted pair or offer.
 *
 * Life: inserted `open` with the estimated fill in the transaction that moves the entry into
 * positions, then the real fill is stored (`filled_at`); `failed` when the entry order fails (funds
 * returned); `closed` by the trade monitor, which first claims the trade (`close_claimed_at`, a
 * lease) so two monitor processes never execute or close one trade twice. Prices, quantities and
 * fees in quote currency are NUMERIC; `amount_cents` is what the ledger moved into positions.
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
    /** The entry order: buy opens a long, sell a (paper) short; the exit is the other side. */
    side: text('side', { enum: orderSides }).$type<OrderSide>().notNull(),
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
    /** Taker fees in quote currency as the executor reported them. */
    entryFee: numeric('entry_fee'),
    exitFee: numeric('exit_fee'),
    entryOrderId: text('entry_order_id'),
    exitOrderId: text('exit_order_id'),
    /** Set with the real entry fill; null while the entry order is in flight. */
    filledAt: timestamptz('filled_at'),
    /** The monitor's lease on closing this trade; a claim older than the lease may be retaken. */
    closeClaimedAt: timestamptz('close_claimed_at'),
    /**
     * An exit in flight, or an order whose outcome the exchange did not tell (a timeout, a lost
     * connection): the trade waits, its entry still in positions, until the order is found by its
     * client id (order-lookup.ts).
     */
    unknownOrder: jsonb('unknown_order').$type<UnknownOrder>(),
    status: text('status', { enum: tradeStatuses }).$type<TradeStatus>().notNull().default('open'),
    closeReason: text('close_reason', { enum: tradeCloseReasons }).$type<TradeCloseReason>(),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    index('trades_user_id_opened_at_idx').on(t.userId, t.openedAt.desc()),
    index('trades_opened_at_idx').on(t.openedAt.desc()),
    index('trades_pair_opened_at_idx').on(t.pair, t.openedAt.desc()),
    index('trades_offer_id_idx').on(t.offerId),
    // Guardrails: a trader's open trades, and their latest closes (loss streak, daily losses).
    index('trades_user_id_open_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index('trades_user_id_closed_at_idx')
      .on(t.userId, t.closedAt.desc())
      .where(sql`${t.status} = 'closed'`),
    // The trade monitor scans open positions only.
    index('trades_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check('trades_status_check', inValues(t.status, tradeStatuses)),
    check('trades_position_type_check', inValues(t.positionType, positionTypes)),
    check('trades_direction_check', inValues(t.direction, directions)),
    check('trades_side_check', inValues(t.side, orderSides)),
    check('trades_close_reason_check', inValues(t.closeReason, tradeCloseReasons)),
    check('trades_amount_check', sql`${t.amountCents} > 0`),
    check('trades_fee_check', sql`${t.feeCents} >= 0`),
  ],
);
