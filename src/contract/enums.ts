import { z } from 'zod';

/**
 * Value sets shared by several domains (trader spec section 3, admin spec section 3, spec README).
 * Each is defined here once: the database schema's text columns and CHECKs take these arrays
 * (src/server/db/schema/enums.ts).
 */

/** Direction × horizon: scalp (minutes), quick (hours), plain (a day), hedge (tight stop), ml_scalp (model). */
export const POSITION_TYPES = [
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
export const positionTypeSchema = z.enum(POSITION_TYPES);
export type PositionType = z.infer<typeof positionTypeSchema>;

/** Risk of an offer or a heat-map pair. */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

/** Risk levels a trader may prefer (wider scale than offers carry). */
export const PREFERENCE_RISK_LEVELS = ['very_low', 'low', 'medium', 'high', 'very_high'] as const;
export const preferenceRiskLevelSchema = z.enum(PREFERENCE_RISK_LEVELS);
export type PreferenceRiskLevel = z.infer<typeof preferenceRiskLevelSchema>;

export const TRENDS = ['bullish', 'bearish', 'neutral'] as const;
export const trendSchema = z.enum(TRENDS);
export type Trend = z.infer<typeof trendSchema>;

/** Bias filter of Offer Analytics: the direction part of a position type. */
export const biasSchema = z.enum(['short', 'long', 'balanced']);
export type Bias = z.infer<typeof biasSchema>;

/** The direction part of a position type: scalp_long → long, ml_scalp_bearish → short. */
export function biasOf(positionType: PositionType): Bias {
  if (/long|bullish/.test(positionType)) return 'long';
  if (/short|bearish/.test(positionType)) return 'short';
  return 'balanced';
}

/** open/hot are listed to traders; expired at the horizon; closed when withdrawn. */
export const OFFER_STATUSES = ['open', 'hot', 'expired', 'closed'] as const;
export const offerStatusSchema = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof offerStatusSchema>;
/** Offers a trader can still act on; at most one per pair and position type. */
export const LISTED_OFFER_STATUSES = ['open', 'hot'] as const;
export const listedOfferStatusSchema = z.enum(LISTED_OFFER_STATUSES);
export type ListedOfferStatus = z.infer<typeof listedOfferStatusSchema>;

/** Scored at the offer's horizon: take-profit first, stop-loss first, or neither. */
export const REAL_OFFER_OUTCOMES = ['succeeded', 'failed', 'neither'] as const;
/**
 * Every offer ends in one of these (the database's set). `unscoreable` is final too: the data to
 * judge it will never exist, and Signal Quality counts only the real outcomes.
 */
export const OFFER_OUTCOMES = [...REAL_OFFER_OUTCOMES, 'unscoreable'] as const;
export type OfferOutcome = (typeof OFFER_OUTCOMES)[number];
/**
 * An offer's `outcome` as the API shows it: deliberately only the real outcomes; an unscoreable
 * offer shows null, as one not scored yet (its count is Signal Quality's `unscoreable`).
 */
export const realOfferOutcomeSchema = z.enum(REAL_OFFER_OUTCOMES);
export type RealOfferOutcome = z.infer<typeof realOfferOutcomeSchema>;

export const TRADE_STATUSES = ['open', 'closed', 'failed'] as const;
export const tradeStatusSchema = z.enum(TRADE_STATUSES);
export type TradeStatus = z.infer<typeof tradeStatusSchema>;

/** Why a trade ended: auto-close profit reached, stop-loss hit, offer expired, or the entry order failed. */
export const TRADE_CLOSE_REASONS = ['auto_close', 'stop_loss', 'expired', 'error'] as const;
export const tradeCloseReasonSchema = z.enum(TRADE_CLOSE_REASONS);
export type TradeCloseReason = z.infer<typeof tradeCloseReasonSchema>;

export const PAYMENT_TYPES = ['deposit', 'withdrawal', 'tip'] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'rejected'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const TRIGGER_TYPES = [
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
export const triggerTypeSchema = z.enum(TRIGGER_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Trigger type is required'
      : 'Invalid trigger type',
});
export type TriggerType = z.infer<typeof triggerTypeSchema>;

export const ANALYSIS_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const analysisStatusSchema = z.enum(ANALYSIS_STATUSES);
export type AnalysisStatus = z.infer<typeof analysisStatusSchema>;

/** Stages of one analysis, in order. */
export const analysisStageSchema = z.enum(['fetch', 'indicators', 'backtest', 'scoring', 'offer']);
export type AnalysisStage = z.infer<typeof analysisStageSchema>;

export const timeframeSchema = z.enum(['1m', '5m', '15m', '1h', '4h', '1d']);
export type Timeframe = z.infer<typeof timeframeSchema>;

/** What happened to a crypto pair (socket `pair_updates`, admin stream). */
export const pairUpdateActionSchema = z.enum([
  'added',
  'updated',
  'activated',
  'deactivated',
  'deleted',
  'synced',
]);
export type PairUpdateAction = z.infer<typeof pairUpdateActionSchema>;
