import { z } from 'zod';
import { isoDateTimeSchema, pairSymbolSchema } from './common';
import { actionLogRecordSchema, adminOfferRecordSchema } from './admin-records';
import { triggerRecordSchema } from './admin-triggers';
import {
  analysisStageSchema,
  analysisStatusSchema,
  positionTypeSchema,
  riskLevelSchema,
  timeframeSchema,
  trendSchema,
  triggerTypeSchema,
} from './enums';
import { chartPointSchema } from './heatmap';
import { pairParamsSchema } from './pairs';

/**
 * The richer pair details of the admin screens (trader spec 2.7, last item; issue #9). Every
 * figure is one the engine stored; a figure an older engine did not store is null, never guessed.
 */

/** One analysis run of the pair; the figures are null until it completes. */
export const pairDetailsAnalysisSchema = z.object({
  id: z.string(),
  status: analysisStatusSchema,
  stage: analysisStageSchema.nullable(),
  /** Percent 0-100. */
  progress: z.number(),
  /** The timeframe the run was asked for (its trigger's); scheduled runs read hourly data: '1h'. */
  timeframe: timeframeSchema,
  /** The type of the trigger that started it; null for the scheduler. */
  triggerType: triggerTypeSchema.nullable(),
  heatScore: z.number().nullable(),
  successRate: z.number().nullable(),
  positionType: positionTypeSchema.nullable(),
  progrevScore: z.number().nullable(),
  density: z.number().nullable(),
  expectedProfitPercent: z.number().nullable(),
  trend: trendSchema.nullable(),
  risk: riskLevelSchema.nullable(),
  /** Past setups behind the success rate. */
  sampleSize: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
});
export type PairDetailsAnalysis = z.infer<typeof pairDetailsAnalysisSchema>;

/**
 * The engine forms one trend and one risk reading per run (hourly indicators, refreshed by the
 * newest minute candles); both referee tabs show that reading, each with the figures of its
 * horizon: the ticker referee the short-term indicators (24 h, RSI, MACD, EMA, ATR, relative
 * volume), the daily referee the 7-day ones.
 */
const refereeReadingSchema = z.object({
  analysisId: z.string(),
  completedAt: isoDateTimeSchema,
  trend: trendSchema,
  risk: riskLevelSchema,
  /** 0-100, the percentile score behind `risk`. */
  riskScore: z.number().nullable(),
});

export const tickerRefereeSchema = refereeReadingSchema.extend({
  comment: z.string().nullable(),
  price: z.number(),
  rsi14: z.number(),
  macd: z.number().nullable(),
  macdSignal: z.number().nullable(),
  macdHistogram: z.number().nullable(),
  ema20: z.number().nullable(),
  ema50: z.number().nullable(),
  atrPercent: z.number().nullable(),
  relativeVolume: z.number().nullable(),
  high24h: z.number(),
  low24h: z.number(),
  change24hPercent: z.number(),
});
export type TickerReferee = z.infer<typeof tickerRefereeSchema>;

export const dailyRefereeSchema = refereeReadingSchema.extend({
  /** Percent. */
  change7d: z.number(),
  /** Quote-currency (USD) volume of the last 7 days. */
  volume7d: z.number(),
  /** Daily percent (standard deviation of hourly log returns over 7 days). */
  volatility7d: z.number(),
});
export type DailyReferee = z.infer<typeof dailyRefereeSchema>;

/** The last 12 h in 5-minute buckets of 1-minute candles: closes, and volumes in USD. */
export const tickerHistorySchema = z.object({
  price: z.array(chartPointSchema),
  volume: z.array(chartPointSchema),
  /** Null when there are no candles in the window. */
  summary: z
    .object({
      first: z.number(),
      last: z.number(),
      high: z.number(),
      low: z.number(),
      changePercent: z.number(),
      totalVolume: z.number(),
    })
    .nullable(),
});
export type TickerHistory = z.infer<typeof tickerHistorySchema>;

export const adminPairDetailsSchema = z.object({
  pair: pairSymbolSchema,
  /** Newest first, the last 20. */
  analyses: z.array(pairDetailsAnalysisSchema),
  tickerReferee: tickerRefereeSchema.nullable(),
  dailyReferee: dailyRefereeSchema.nullable(),
  tickerHistory: tickerHistorySchema,
  /** Runs started by the pair's bypass_analysis triggers (published without thresholds), newest first. */
  bypassAnalyses: z.array(pairDetailsAnalysisSchema),
  /** Newest first, the last 10. */
  recentOffers: z.array(adminOfferRecordSchema),
  /** Newest first, the last 20. */
  recentLogs: z.array(actionLogRecordSchema),
  triggers: z.array(triggerRecordSchema),
});
export type AdminPairDetails = z.infer<typeof adminPairDetailsSchema>;

/** GET /api/admin/pair-details/:pair (the pair as in the other pair routes: `BTC%2FUSD` or `BTC-USD`). */
export const adminPairDetailsEndpoint = {
  method: 'GET',
  path: '/api/admin/pair-details/:pair',
  auth: 'admin',
  params: pairParamsSchema,
  response: adminPairDetailsSchema,
} as const;
