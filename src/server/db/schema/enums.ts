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
export const userOfferActions = ['accepted', 'rejected'] as const;
export const feedbackTypes = ['like', 'dislike', 'comment'] as const;

/*
 * The value sets the API shows too are the contract's (src/contract/enums.ts), defined there once;
 * the schema takes them under its own lower-case names. The database's offer outcomes include
 * `unscoreable`, which the API shows as null (realOfferOutcomeSchema).
 */
export {
  ANALYSIS_STATUSES as analysisStatuses,
  LISTED_OFFER_STATUSES as liveOfferStatuses,
  OFFER_OUTCOMES as offerOutcomes,
  OFFER_STATUSES as offerStatuses,
  PAYMENT_STATUSES as paymentStatuses,
  PAYMENT_TYPES as paymentTypes,
  POSITION_TYPES as positionTypes,
  PREFERENCE_RISK_LEVELS as preferenceRiskLevels,
  REAL_OFFER_OUTCOMES as realOfferOutcomes,
  RISK_LEVELS as riskLevels,
  TRADE_CLOSE_REASONS as tradeCloseReasons,
  TRADE_STATUSES as tradeStatuses,
  TRENDS as trends,
  TRIGGER_TYPES as triggerTypes,
} from '../../../contract/enums';
export type {
  AnalysisStatus,
  OfferOutcome,
  OfferStatus,
  PaymentStatus,
  PaymentType,
  PositionType,
  PreferenceRiskLevel,
  RealOfferOutcome,
  RiskLevel,
  TradeCloseReason,
  TradeStatus,
  Trend,
  TriggerType,
} from '../../../contract/enums';

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
export type UserOfferAction = (typeof userOfferActions)[number];
export type FeedbackType = (typeof feedbackTypes)[number];
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];
export type UserLedgerAccountKind = (typeof userLedgerAccountKinds)[number];
export type SystemLedgerAccountKind = (typeof systemLedgerAccountKinds)[number];
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** `column IN ('a', 'b')` with inlined literals (CHECKs and index predicates take no parameters). */
export function inValues(column: AnyColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
