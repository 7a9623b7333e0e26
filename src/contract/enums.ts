import { z } from 'zod';

/** Value sets shared by several domains (trader spec section 3, admin spec section 3, spec README). */

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
export const riskLevelSchema = z.enum(['low', 'medium', 'high']);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

/** Risk levels a trader may prefer (wider scale than offers carry). */
export const preferenceRiskLevelSchema = z.enum(['very_low', 'low', 'medium', 'high', 'very_high']);
export type PreferenceRiskLevel = z.infer<typeof preferenceRiskLevelSchema>;

export const trendSchema = z.enum(['bullish', 'bearish', 'neutral']);
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
export const offerStatusSchema = z.enum(['open', 'hot', 'expired', 'closed']);
export type OfferStatus = z.infer<typeof offerStatusSchema>;
export const listedOfferStatusSchema = z.enum(['open', 'hot']);
export type ListedOfferStatus = z.infer<typeof listedOfferStatusSchema>;

/** Scored at the offer's horizon: take-profit first, stop-loss first, or neither. */
export const offerOutcomeSchema = z.enum(['succeeded', 'failed', 'neither']);
export type OfferOutcome = z.infer<typeof offerOutcomeSchema>;

export const tradeStatusSchema = z.enum(['open', 'closed', 'failed']);
export type TradeStatus = z.infer<typeof tradeStatusSchema>;

/** Why a trade ended: auto-close profit reached, stop-loss hit, offer expired, or the entry order failed. */
export const tradeCloseReasonSchema = z.enum(['auto_close', 'stop_loss', 'expired', 'error']);
export type TradeCloseReason = z.infer<typeof tradeCloseReasonSchema>;

export const paymentTypeSchema = z.enum(['deposit', 'withdrawal', 'tip']);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const paymentStatusSchema = z.enum(['pending', 'completed', 'failed', 'rejected']);
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

export const analysisStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);
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
