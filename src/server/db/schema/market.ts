import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { candleIntervals, inValues, type CandleInterval } from './enums';

/** Per-pair overrides, e.g. market and volume thresholds (admin spec section 3). */
export type PairDynamicConfig = Record<string, unknown>;

export const cryptoPairs = pgTable(
  'crypto_pairs',
  {
    id: serial('id').primaryKey(),
    /** As shown to users, e.g. BTC/USD. */
    symbol: text('symbol').notNull().unique(),
    /** The exchange's name for it, e.g. XBTUSD. */
    krakenSymbol: text('kraken_symbol').notNull().unique(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    active: boolean('active').notNull().default(false),
    deactivationAttempts: integer('deactivation_attempts').notNull().default(0),
    dynamicConfig: jsonb('dynamic_config').$type<PairDynamicConfig>().notNull().default({}),
    /**
     * The exchange's smallest order, in base quantity (Kraken `ordermin`) and in quote (`costmin`);
     * null when the source does not say. Refreshed on every sync. Read as numbers: they are only
     * compared against, never summed into money.
     */
    orderMin: numeric('order_min', { mode: 'number' }),
    costMin: numeric('cost_min', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('crypto_pairs_created_at_idx').on(t.createdAt),
    check('crypto_pairs_deactivation_attempts_check', sql`${t.deactivationAttempts} >= 0`),
    check('crypto_pairs_order_min_check', sql`${t.orderMin} > 0`),
    check('crypto_pairs_cost_min_check', sql`${t.costMin} > 0`),
  ],
);

/**
 * OHLCV candles. The primary key (pair, interval, open_time) serves every chart and backtest
 * read ("pair X, 1h, between A and B") and makes re-fetching a window an idempotent upsert.
 */
export const candles = pgTable(
  'candles',
  {
    pairId: integer('pair_id')
      .notNull()
      .references(() => cryptoPairs.id, { onDelete: 'cascade' }),
    interval: text('interval', { enum: candleIntervals }).$type<CandleInterval>().notNull(),
    openTime: timestamptz('open_time').notNull(),
    open: numeric('open').notNull(),
    high: numeric('high').notNull(),
    low: numeric('low').notNull(),
    close: numeric('close').notNull(),
    volume: numeric('volume').notNull(),
  },
  (t) => [
    primaryKey({ name: 'candles_pk', columns: [t.pairId, t.interval, t.openTime] }),
    check('candles_interval_check', inValues(t.interval, candleIntervals)),
  ],
);

export const tickerLogs = pgTable(
  'ticker_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => cryptoPairs.id, { onDelete: 'cascade' }),
    price: numeric('price').notNull(),
    volume: numeric('volume'),
    /** 24 h change in percent. */
    percentage: numeric('percentage'),
    bid: numeric('bid'),
    ask: numeric('ask'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('ticker_logs_pair_id_timestamp_idx').on(t.pairId, t.timestamp.desc()),
    // The admin list's order, newest first with the id breaking ties, read backwards: a page is a
    // range of this index, not a sort of every row in the time range (ascending, so the backward
    // scan yields DESC NULLS FIRST, the order `desc()` asks for).
    index('ticker_logs_timestamp_id_idx').on(t.timestamp, t.id),
  ],
);

/**
 * How many ticker logs each hour holds, kept by statement-level triggers on ticker_logs (insert,
 * update, delete, truncate; migration 0011) in the same transaction as the rows. The admin ticker
 * list's total over a time range sums the whole hours here and counts only the first, partial hour
 * row by row, instead of counting up to millions of rows on every page.
 */
export const tickerLogCounts = pgTable(
  'ticker_log_counts',
  {
    /** The hour's start (UTC, date_bin of 1 hour). */
    hour: timestamptz('hour').primaryKey(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('ticker_log_counts_n_check', sql`${t.n} >= 0`)],
);
