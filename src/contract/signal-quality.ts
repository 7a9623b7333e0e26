import { z } from 'zod';
import { isoDateTimeSchema, timeRangeSchema } from './common';
import { positionTypeSchema, riskLevelSchema } from './enums';

/*
 * Signal Quality (/analysis, spec README): predicted success rate against realised outcome.
 * Only offers already scored at their horizon count; realised = succeeded / scored, in percent
 * (an outcome of 'neither' counts as not succeeded).
 */

export const signalQualityQuerySchema = z.object({ timeRange: timeRangeSchema.default('90d') });
export type SignalQualityQuery = z.infer<typeof signalQualityQuerySchema>;

const outcomeCounts = {
  /** Offers scored at their horizon. */
  sampleSize: z.number().int().min(0),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
  neither: z.number().int().min(0),
  /** Null when sampleSize is 0. */
  realisedSuccessRate: z.number().min(0).max(100).nullable(),
};

/** One position type × risk level cell. */
export const signalQualityGroupSchema = z.object({
  positionType: positionTypeSchema,
  riskLevel: riskLevelSchema,
  /** Mean predicted success rate of the scored offers; null when sampleSize is 0. */
  predictedSuccessRate: z.number().min(0).max(100).nullable(),
  ...outcomeCounts,
});
export type SignalQualityGroup = z.infer<typeof signalQualityGroupSchema>;

/** One band of predicted success rate, e.g. 60-70 %: the calibration chart's points. */
export const calibrationBucketSchema = z.object({
  from: z.number().min(0).max(100),
  to: z.number().min(0).max(100),
  predictedSuccessRate: z.number().min(0).max(100).nullable(),
  ...outcomeCounts,
});
export type CalibrationBucket = z.infer<typeof calibrationBucketSchema>;

const statistic = z.number().nullable();

/** One strategy family judged by the publication gate (docs/research/README.md). */
export const gateFamilySchema = z.object({
  name: z.string(),
  /** The family's candidate: its variant with the best Sharpe ratio. */
  variant: z.string(),
  variants: z.number().int().min(0),
  /** The candidate's trades (positions) in the window. */
  signals: z.number().int().min(0),
  /** Share of trades with a positive net return, 0-1. */
  hitRate: statistic,
  meanNetPercent: statistic,
  tStat: statistic,
  /** Annualised Sharpe ratio of the daily mark-to-market P&L. */
  sharpe: statistic,
  deflatedSharpe: statistic,
  /** Probability of backtest overfitting (CSCV, 16 blocks). */
  pbo: statistic,
  passes: z.boolean(),
  /** Why it fails, in words. */
  misses: z.array(z.string()),
});
export type GateFamily = z.infer<typeof gateFamilySchema>;

/** A position a passing family's candidate holds at the latest daily decision. */
export const livePositionSchema = z.object({
  family: z.string(),
  variant: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  decidedAt: isoDateTimeSchema,
  holdHours: z.number().int().min(1),
  expectedProfitPercent: z.number(),
  /** One-sided 95 % lower bound of the expected profit. */
  lowerBoundPercent: z.number(),
  successRate: z.number().min(0).max(100),
});
export type LivePosition = z.infer<typeof livePositionSchema>;

/**
 * One family × risk level of the gate's walk-forward on the stored candles: the positions it would
 * have published, each decided from earlier candles only, with the success rate they stated and how
 * many ended with a net gain.
 */
export const gateBacktestRowSchema = z.object({
  family: z.string(),
  riskLevel: riskLevelSchema,
  predictedSuccessRate: z.number().min(0).max(100),
  sampleSize: z.number().int().min(1),
  succeeded: z.number().int().min(0),
  realisedSuccessRate: z.number().min(0).max(100),
});
export type GateBacktestRow = z.infer<typeof gateBacktestRowSchema>;

/**
 * One family's walk-forward positions decided on one UTC day (market time): the sums the track
 * record needs to set live results beside the backtest of the same period.
 */
export const gateBacktestDaySchema = z.object({
  family: z.string(),
  /** Midnight UTC of the day of the decisions. */
  day: isoDateTimeSchema,
  trades: z.number().int().min(1),
  wins: z.number().int().min(0),
  /** Sum of the net returns, and of their squares, in percent. */
  netSumPercent: z.number(),
  netSquaresPercent: z.number().min(0),
});
export type GateBacktestDay = z.infer<typeof gateBacktestDaySchema>;

/** The publication gate on the stored candles of the active pairs. */
export const publicationGateSchema = z.object({
  pairs: z.number().int().min(0),
  days: z.number().int().min(0),
  /** Variants tried in all research: the deflated Sharpe's N. */
  trials: z.number().int().min(0),
  feeSchedule: z.string(),
  thresholds: z.object({ minDeflatedSharpe: z.number(), maxPbo: z.number(), minTStat: z.number() }),
  families: z.array(gateFamilySchema),
  /** Absent from gates judged before positions were reported. */
  live: z.array(livePositionSchema).optional(),
  /**
   * Open time of the daily candle whose close was the latest decision the families saw (null with no
   * candles; absent from gates judged before it was reported): a live offer decided earlier whose
   * position is not in `live` has been let go.
   */
  latestDecision: isoDateTimeSchema.nullable().optional(),
  /** The gate's walk-forward (absent from gates judged before it was reported). */
  backtest: z
    .object({
      /** First refit, in days after the first stored candle; then every `refitDays`. */
      firstRefitDays: z.number().int().min(0),
      refitDays: z.number().int().min(1),
      rows: z.array(gateBacktestRowSchema),
      /** Absent from gates judged before the track record compared live with the backtest. */
      days: z.array(gateBacktestDaySchema).optional(),
    })
    .optional(),
});
export type PublicationGate = z.infer<typeof publicationGateSchema>;

/**
 * The engine's walk-forward backtest on the stored candles of the active pairs: at each evaluation
 * point it sees only the past, then the signal is judged on the candles that followed (the same
 * code as `npm run calibrate`).
 */
export const backtestCalibrationSchema = z.object({
  computedAt: isoDateTimeSchema,
  engineVersion: z.string(),
  pairs: z.number().int().min(0),
  signals: z.number().int().min(0),
  /** Ten bands of predicted success, 0-10 % … 90-100 %; null where a band is empty. */
  deciles: z.array(
    z.object({
      predicted: z.number().nullable(),
      realised: z.number().nullable(),
      count: z.number().int().min(0),
    }),
  ),
  /** Count-weighted mean |predicted − realised|, in points. */
  mae: z.number().min(0),
  brier: z.number().min(0).max(1),
  /** Brier score of always predicting the base rate: the score to beat. */
  brierBaseline: z.number().min(0).max(1),
  warmupDays: z.number(),
  lookbackDays: z.number(),
  /** The publication gate computed with it; absent from reports stored before the gate existed. */
  gate: publicationGateSchema.optional(),
});
export type BacktestCalibration = z.infer<typeof backtestCalibrationSchema>;

const count = z.number().int().min(0);

/**
 * Every offer published in the range by how it ended, so none is hidden (no survivorship): the real
 * outcomes, the unscoreable ones (no stored candles will ever judge them) and the pending ones (not
 * past their horizon yet, or its candles still to come). published = the sum of the other five.
 */
export const publishedOutcomesSchema = z.object({
  published: count,
  succeeded: count,
  failed: count,
  neither: count,
  unscoreable: count,
  pending: count,
});
export type PublishedOutcomes = z.infer<typeof publishedOutcomesSchema>;

export const signalQualityResponseSchema = z.object({
  /** Null until the worker has computed the first backtest. */
  backtest: backtestCalibrationSchema.nullable(),
  groups: z.array(signalQualityGroupSchema),
  calibration: z.array(calibrationBucketSchema),
  /** Brier score of predicted vs realised over all scored offers (0 best); null with no data. */
  brierScore: z.number().min(0).max(1).nullable(),
  /**
   * Brier score of always predicting the live base rate p (the share of scored offers that
   * succeeded), p(1 − p): the score the engine must beat to be worth more than the base rate.
   */
  brierBaseline: z.number().min(0).max(1).nullable(),
  published: publishedOutcomesSchema,
  engineVersion: z.string(),
  generatedAt: isoDateTimeSchema,
});
export type SignalQualityResponse = z.infer<typeof signalQualityResponseSchema>;

export const signalQualityEndpoint = {
  method: 'GET',
  path: '/api/signal-quality',
  query: signalQualityQuerySchema,
  response: signalQualityResponseSchema,
} as const;
