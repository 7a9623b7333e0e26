import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Closed value sets stored as `text` plus a CHECK constraint rather than PostgreSQL enums:
 * adding a value is then a plain constraint swap inside a migration transaction (ALTER TYPE ...
 * ADD VALUE cannot be used in the transaction that adds it). The arrays type the columns too.
 */

export const candleIntervals = ['1m', '1h'] as const;
export const directions = ['long', 'short', 'balanced'] as const;
/** The order side of an offer or trade at market. */
export const orderSides = ['buy', 'sell'] as const;
export const trends = ['bullish', 'bearish', 'neutral'] as const;
export const riskLevels = ['low', 'medium', 'high'] as const;
/** Preferences accept a wider scale than offers carry (trader spec section 3). */
export const preferenceRiskLevels = ['very_low', 'low', 'medium', 'high', 'very_high'] as const;
export const positionTypes = [
  'long',
  'short',
  'balanced',
  'scalp_long',
  'scalp_short',
  'scalp_balanced',
  'hedge_long',
  'hedge_short',
  'hedge_balanced',
  'quick_long',
  'quick_short',
  'ml_scalp_bullish',
  'ml_scalp_bearish',
  'ml_scalp_neutral',
] as const;

export const analysisStatuses = ['queued', 'running', 'completed', 'failed'] as const;
export const offerStatuses = ['open', 'hot', 'expired', 'closed'] as const;
/** Offers a trader can still act on; at most one per pair and position type. */
export const liveOfferStatuses = ['open', 'hot'] as const;
/** What happened by the horizon: take-profit first, stop-loss first, or neither. */
export const realOfferOutcomes = ['succeeded', 'failed', 'neither'] as const;
/**
 * Every offer ends in one of these. `unscoreable` is final too (with `outcome_reason`): the data to
 * judge it will never exist, and Signal Quality counts only the real outcomes.
 */
export const offerOutcomes = [...realOfferOutcomes, 'unscoreable'] as const;
export const userOfferActions = ['accepted', 'rejected'] as const;
export const feedbackTypes = ['like', 'dislike', 'comment'] as const;
export const triggerTypes = [
  'news',
  'breakout',
  'sentiment',
  'volume_spike',
  'onchain_event',
  'political_news',
  'onchain_spike',
  'advisor_request',
  'threshold_adjust',
  'referee_trigger',
  'bypass_analysis',
] as const;

export const tradeStatuses = ['open', 'closed', 'failed'] as const;
/** Why a trade ended: the monitor's three rules, or an order that failed at entry. */
export const tradeCloseReasons = ['auto_close', 'stop_loss', 'expired', 'error'] as const;
export const paymentTypes = ['deposit', 'withdrawal', 'tip'] as const;
export const paymentStatuses = ['pending', 'completed', 'failed', 'rejected'] as const;

export const userLedgerAccountKinds = ['user_available', 'user_held', 'user_positions'] as const;
export const systemLedgerAccountKinds = [
  'platform_revenue',
  'platform_fees',
  'external_card',
  'external_payout',
  /** The market's side of trades: it pays a trade's profit and receives its loss (fees included). */
  'external_market',
] as const;
export const ledgerAccountKinds = [...userLedgerAccountKinds, ...systemLedgerAccountKinds] as const;
export const ledgerEntryKinds = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'tip',
  'trade_open',
  'trade_close',
  'fee',
] as const;

export type CandleInterval = (typeof candleIntervals)[number];
export type Direction = (typeof directions)[number];
export type OrderSide = (typeof orderSides)[number];
export type Trend = (typeof trends)[number];
export type RiskLevel = (typeof riskLevels)[number];
export type PreferenceRiskLevel = (typeof preferenceRiskLevels)[number];
export type PositionType = (typeof positionTypes)[number];
export type AnalysisStatus = (typeof analysisStatuses)[number];
export type OfferStatus = (typeof offerStatuses)[number];
export type OfferOutcome = (typeof offerOutcomes)[number];
export type RealOfferOutcome = (typeof realOfferOutcomes)[number];
export type UserOfferAction = (typeof userOfferActions)[number];
export type FeedbackType = (typeof feedbackTypes)[number];
export type TriggerType = (typeof triggerTypes)[number];
export type TradeStatus = (typeof tradeStatuses)[number];
export type TradeCloseReason = (typeof tradeCloseReasons)[number];
export type PaymentType = (typeof paymentTypes)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];
export type UserLedgerAccountKind = (typeof userLedgerAccountKinds)[number];
export type SystemLedgerAccountKind = (typeof systemLedgerAccountKinds)[number];
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** `column IN ('a', 'b')` with inlined literals (CHECKs and index predicates take no parameters). */
export function inValues(column: AnyColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
