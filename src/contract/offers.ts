import { z } from 'zod';
import {
  commaList,
  dollarsSchema,
  idSchema,
  isoDateTimeSchema,
  okResponseSchema,
  pairSymbolSchema,
  queryInt,
  queryNumber,
  searchQuery,
  sortDirectionSchema,
  text,
  totalSchema,
} from './common';
import {
  listedOfferStatusSchema,
  realOfferOutcomeSchema,
  offerStatusSchema,
  positionTypeSchema,
  riskLevelSchema,
} from './enums';
import { aiCommentsSchema } from './heatmap';
import { tradeSchema } from './trades';

/** Where an offer's numbers came from, so a trader (and the Signal Quality screen) can check them. */
export const offerProvenanceSchema = z.object({
  /** The figures that drove the signal, e.g. { rsi14: 71.2, volumeRatio: 3.4, atrPercent: 1.1 }. */
  figures: z.record(z.string(), z.number()),
  /** The trigger that started the analysis, if any. */
  triggerId: z.string().nullable(),
  /** Close time of the last candle the analysis saw. */
  dataCutoff: isoDateTimeSchema,
  engineVersion: z.string(),
  /** Historical setups behind the success rate. */
  sampleSize: z.number().int().min(0),
  /**
   * How the offer was published: `gate` (a family that passes the publication gate holds the
   * position; its figures are in `gate`), `bypass` (an operator's bypass analysis, past every gate)
   * or `thresholds` (an engine offer of a version before the gate).
   */
  publishedBy: z.enum(['gate', 'bypass', 'thresholds']),
  gate: z
    .object({
      family: z.string(),
      variant: z.string(),
      /** Open time of the daily candle whose close decided the position. */
      decidedAt: isoDateTimeSchema,
      trades: z.number().int().min(0),
      meanNetPercent: z.number(),
      /** One-sided 95 % lower bound of the mean net return per trade. */
      lowerBoundPercent: z.number(),
      tStat: z.number(),
      deflatedSharpe: z.number(),
      pbo: z.number(),
      /** Variants tried in research: the N of the deflated Sharpe. */
      trials: z.number().int(),
    })
    .nullable(),
});
export type OfferProvenance = z.infer<typeof offerProvenanceSchema>;

/**
 * What "success" means for this offer: take-profit reached before stop-loss within the horizon, or,
 * for an offer without exit levels (a family offer held to its horizon), a net gain at the horizon.
 */
export const successDefinitionSchema = z.object({
  takeProfitPercent: z.number().nullable(),
  stopLossPercent: z.number().nullable(),
  horizonMinutes: z.number().int().min(1),
  /** Round trip: the taker fee of the entry plus that of the exit (2 × 0.26 % by default). */
  feePercent: z.number(),
});
export type SuccessDefinition = z.infer<typeof successDefinitionSchema>;

export const offerSchema = z.object({
  id: z.string(),
  pair: pairSymbolSchema,
  positionType: positionTypeSchema,
  expectedProfitPercent: z.number(),
  riskLevel: riskLevelSchema,
  successRate: z.number().min(0).max(100),
  heatScore: z.number().min(0).max(100),
  progrevScore: z.number().min(0).max(1),
  status: offerStatusSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  expiration: isoDateTimeSchema,
  aiComments: aiCommentsSchema,
  /** The pair's 24 h traded volume in dollars when the offer was made; null unless `include=volume`. */
  volume: dollarsSchema.nullable(),
  /** Leverage the trade would use (1 = spot; paper trading is spot); null unless `include=leverage`. */
  leverage: z.number().nullable(),
  provenance: offerProvenanceSchema,
  successDefinition: successDefinitionSchema,
  /** Null until scored at the horizon. */
  outcome: realOfferOutcomeSchema.nullable(),
  outcomeAt: isoDateTimeSchema.nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerSortSchema = z.enum(['heatScore', 'successRate', 'createdAt']);
export type OfferSort = z.infer<typeof offerSortSchema>;

/** GET /api/offers: only offers the caller has not accepted or rejected. */
export const listOffersQuerySchema = z.object({
  offset: queryInt(0, 1_000_000).default(0),
  limit: queryInt(1, 100).default(20),
  search: searchQuery,
  positionType: commaList(positionTypeSchema).optional(),
  riskLevel: commaList(riskLevelSchema).optional(),
  status: commaList(listedOfferStatusSchema).default(['open', 'hot']),
  minSuccessRate: queryNumber(0, 100).optional(),
  maxSuccessRate: queryNumber(0, 100).optional(),
  minHeatScore: queryNumber(0, 100).optional(),
  maxHeatScore: queryNumber(0, 100).optional(),
  sortBy: offerSortSchema.default('createdAt'),
  sortDir: sortDirectionSchema.default('desc'),
  include: commaList(z.enum(['volume', 'leverage'])).optional(),
});
export type ListOffersQuery = z.infer<typeof listOffersQuerySchema>;
export type ListOffersQueryInput = z.input<typeof listOffersQuerySchema>;

export const listOffersResponseSchema = z.object({ data: z.array(offerSchema), total: totalSchema });
export type ListOffersResponse = z.infer<typeof listOffersResponseSchema>;

export const listOffersEndpoint = {
  method: 'GET',
  path: '/api/offers',
  query: listOffersQuerySchema,
  response: listOffersResponseSchema,
} as const;

export const offerIdParamsSchema = z.object({ id: idSchema });
export type OfferIdParams = z.infer<typeof offerIdParamsSchema>;

const positiveNumber = (message: string) => z.number({ error: message }).gt(0, message);

export const acceptOfferInputSchema = z.object({
  /** Dollars, whole cents. */
  entryAmount: positiveNumber('Invalid entry amount').refine(
    (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    'Invalid entry amount',
  ),
  autoCloseProfitPercent: positiveNumber('Invalid auto-close profit percent').optional(),
});
export type AcceptOfferInput = z.infer<typeof acceptOfferInputSchema>;

/** The opened trade and the caller's new available balance in dollars. */
export const acceptOfferResponseSchema = z.object({ trade: tradeSchema, balance: dollarsSchema });
export type AcceptOfferResponse = z.infer<typeof acceptOfferResponseSchema>;

export const acceptOfferEndpoint = {
  method: 'POST',
  path: '/api/offers/:id/accept',
  params: offerIdParamsSchema,
  body: acceptOfferInputSchema,
  response: acceptOfferResponseSchema,
  apiKey: 'trade',
} as const;

/** Empty body. */
export const rejectOfferEndpoint = {
  method: 'POST',
  path: '/api/offers/:id/reject',
  params: offerIdParamsSchema,
  response: okResponseSchema,
  apiKey: 'trade',
} as const;

export const feedbackTypeSchema = z.enum(['like', 'dislike', 'comment']);
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;

export const feedbackInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('comment'),
    text: text({ error: 'Comment cannot be empty' }).trim().min(1, 'Comment cannot be empty').max(2000),
  }),
  z.object({ type: z.enum(['like', 'dislike']), text: text().trim().max(2000).optional() }),
]);
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export const feedbackParamsSchema = z.object({ offerId: idSchema });
export type FeedbackParams = z.infer<typeof feedbackParamsSchema>;

export const offerFeedbackEndpoint = {
  method: 'POST',
  path: '/api/offers/:offerId/feedback',
  params: feedbackParamsSchema,
  body: feedbackInputSchema,
  response: okResponseSchema,
  apiKey: 'trade',
} as const;
