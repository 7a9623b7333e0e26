import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { analyses } from './analysis';
import { user } from './auth';
import { cents, createdAt, timestamptz, updatedAt } from './columns';
import {
  directions,
  feedbackTypes,
  inValues,
  liveOfferStatuses,
  offerOutcomes,
  offerStatuses,
  orderSides,
  realOfferOutcomes,
  positionTypes,
  riskLevels,
  trends,
  userOfferActions,
  type Direction,
  type FeedbackType,
  type OfferOutcome,
  type OfferStatus,
  type OrderSide,
  type PositionType,
  type RiskLevel,
  type Trend,
  type UserOfferAction,
} from './enums';
import { cryptoPairs } from './market';
import { triggers } from './triggers';

/** Which inputs produced the offer (thresholds, candle window, model ids), for audit and replay. */
export type OfferProvenance = Record<string, unknown>;

/**
 * A signal: a concrete trade (entry at market, a horizon and, for an engine offer, TP/SL from ATR)
 * with its scores.
 * Percentages and scores are doubles (model outputs); prices and volume are NUMERIC strings.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => cryptoPairs.id, { onDelete: 'cascade' }),
    analysisId: uuid('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    triggerId: uuid('trigger_id').references(() => triggers.id, { onDelete: 'set null' }),
    positionType: text('position_type', { enum: positionTypes }).$type<PositionType>().notNull(),
    direction: text('direction', { enum: directions }).$type<Direction>().notNull(),
    /** The order at market; a balanced (range) offer buys below the mean or sells above it. */
    side: text('side', { enum: orderSides }).$type<OrderSide>().notNull(),
    riskLevel: text('risk_level', { enum: riskLevels }).$type<RiskLevel>().notNull(),
    trend: text('trend', { enum: trends }).$type<Trend>().notNull(),
    heatScore: doublePrecision('heat_score').notNull(),
    successRate: doublePrecision('success_rate').notNull(),
    sampleSize: integer('sample_size').notNull().default(0),
    progrevScore: doublePrecision('progrev_score'),
    expectedProfitPercent: doublePrecision('expected_profit_percent').notNull(),
    entryPrice: numeric('entry_price').notNull(),
    /** Null for a family offer: it holds to its horizon, as the family's validated trades did. */
    takeProfitPercent: doublePrecision('take_profit_percent'),
    stopLossPercent: doublePrecision('stop_loss_percent'),
    horizonMinutes: integer('horizon_minutes').notNull(),
    feePercent: doublePrecision('fee_percent').notNull().default(0),
    volume: numeric('volume'),
    leverage: doublePrecision('leverage').notNull().default(1),
    status: text('status', { enum: offerStatuses }).$type<OfferStatus>().notNull().default('open'),
    aiSummary: text('ai_summary'),
    provenance: jsonb('provenance').$type<OfferProvenance>(),
    dataCutoff: timestamptz('data_cutoff'),
    engineVersion: text('engine_version'),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Filled once the horizon has passed: did price reach TP before SL? Or why it cannot be told. */
    outcome: text('outcome', { enum: offerOutcomes }).$type<OfferOutcome>(),
    /** Why an offer is `unscoreable` (e.g. no candles cover its horizon); null for real outcomes. */
    outcomeReason: text('outcome_reason'),
    outcomeAt: timestamptz('outcome_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Invariant: at most one live (open/hot) offer per pair and position type.
    uniqueIndex('offers_live_pair_position_type_uq')
      .on(t.pairId, t.positionType)
      .where(inValues(t.status, liveOfferStatuses)),
    index('offers_status_created_at_idx').on(t.status, t.createdAt.desc()),
    index('offers_pair_id_created_at_idx').on(t.pairId, t.createdAt.desc()),
    index('offers_created_at_idx').on(t.createdAt.desc()),
    index('offers_updated_at_idx').on(t.updatedAt.desc()),
    index('offers_live_expires_at_idx').on(t.expiresAt).where(inValues(t.status, liveOfferStatuses)),
    // Calibration (Signal Quality) reads settled offers by position type and risk.
    index('offers_outcome_idx').on(t.positionType, t.riskLevel).where(inValues(t.outcome, realOfferOutcomes)),
    // Scoring walks the unscored offers in id order.
    index('offers_unscored_id_idx')
      .on(t.id)
      .where(sql`${t.outcome} is null`),
    index('offers_analysis_id_idx').on(t.analysisId),
    index('offers_trigger_id_idx').on(t.triggerId),
    check('offers_status_check', inValues(t.status, offerStatuses)),
    check('offers_position_type_check', inValues(t.positionType, positionTypes)),
    check('offers_direction_check', inValues(t.direction, directions)),
    check('offers_side_check', inValues(t.side, orderSides)),
    check('offers_risk_level_check', inValues(t.riskLevel, riskLevels)),
    check('offers_trend_check', inValues(t.trend, trends)),
    check('offers_outcome_check', inValues(t.outcome, offerOutcomes)),
  ],
);

/** A trader's accept or reject of an offer; once acted on, the offer leaves that trader's list. */
export const userOffers = pgTable(
  'user_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    action: text('action', { enum: userOfferActions }).$type<UserOfferAction>().notNull(),
    entryAmountCents: cents('entry_amount_cents'),
    autoCloseProfitPercent: doublePrecision('auto_close_profit_percent'),
    /** Realised profit of the resulting trade, set when it closes. */
    profitPercent: doublePrecision('profit_percent'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_offers_user_id_offer_id_uq').on(t.userId, t.offerId),
    index('user_offers_offer_id_idx').on(t.offerId),
    index('user_offers_created_at_idx').on(t.createdAt.desc()),
    check('user_offers_action_check', inValues(t.action, userOfferActions)),
    check('user_offers_entry_amount_check', sql`${t.entryAmountCents} is null or ${t.entryAmountCents} > 0`),
  ],
);

export const offerFeedback = pgTable(
  'offer_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: feedbackTypes }).$type<FeedbackType>().notNull(),
    /** Comments only. */
    text: text('text'),
    createdAt: createdAt(),
  },
  (t) => [
    index('offer_feedback_offer_id_created_at_idx').on(t.offerId, t.createdAt.desc()),
    index('offer_feedback_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    check('offer_feedback_type_check', inValues(t.type, feedbackTypes)),
    check(
      'offer_feedback_comment_text_check',
      sql`${t.type} <> 'comment' or coalesce(length(btrim(${t.text})), 0) > 0`,
    ),
  ],
);
