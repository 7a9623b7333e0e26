import { z } from 'zod';
import { commaList, isoDateTimeSchema, pairSymbolSchema, singleLineText } from './common';
import { positionTypeSchema, riskLevelSchema, trendSchema } from './enums';
import { aiCommentsSchema, heatMapEntryUpdateSchema } from './heatmap';

/**
 * A pair in a path: `BTC/USD` URL-encoded (`BTC%2FUSD`) or `BTC-USD`; case-insensitive.
 * Parses to the display symbol `BTC/USD`.
 */
export const pairParamSchema = singleLineText()
  .trim()
  .transform((s) => s.toUpperCase().replace('-', '/'))
  .pipe(pairSymbolSchema);

export const pairParamsSchema = z.object({ pair: pairParamSchema });
export type PairParams = z.infer<typeof pairParamsSchema>;

export const tickerIncludeSchema = z.enum(['historical', 'orderBook', 'sentiment']);
export type TickerInclude = z.infer<typeof tickerIncludeSchema>;

export const pairTickerQuerySchema = z.object({ include: commaList(tickerIncludeSchema).optional() });
export type PairTickerQuery = z.infer<typeof pairTickerQuerySchema>;

export const sentimentSchema = z.object({
  /** -1 (very bearish) to 1 (very bullish). */
  score: z.number().min(-1).max(1),
  label: trendSchema,
  /** Items (news, triggers) the score was computed from. */
  sources: z.number().int().min(0),
});
export type Sentiment = z.infer<typeof sentimentSchema>;

/**
 * Pair details (trader spec section 3 "Pair ticker details"). Signal fields are null while the
 * pair has no analysis yet; historical / orderBook / sentiment are null unless `include`d.
 */
export const pairTickerSchema = z.object({
  pair: pairSymbolSchema,
  price: z.number(),
  /** 24 h base volume. */
  volume: z.number(),
  /** 24 h change, percent. */
  percentage: z.number(),
  density: z.number().nullable(),
  timestamp: isoDateTimeSchema,
  /** One line of plain-words market context. */
  context: z.string(),
  historical: z.object({ high24h: z.number(), low24h: z.number() }).nullable(),
  orderBook: z.object({ bid: z.number(), ask: z.number(), spread: z.number() }).nullable(),
  sentiment: sentimentSchema.nullable(),
  heatScore: z.number().nullable(),
  successRate: z.number().nullable(),
  positionType: positionTypeSchema.nullable(),
  progrevScore: z.number().nullable(),
  refereeTrend: trendSchema.nullable(),
  refereeRisk: riskLevelSchema.nullable(),
  activeTriggers: z.array(z.string()),
  aiComments: aiCommentsSchema,
  lastUpdated: isoDateTimeSchema.nullable(),
  /** The pair's live offer, target of feedback; null when there is none. */
  offerId: z.string().nullable(),
});
export type PairTicker = z.infer<typeof pairTickerSchema>;

export const pairTickerResponseSchema = z.object({ tickers: z.array(pairTickerSchema) });
export type PairTickerResponse = z.infer<typeof pairTickerResponseSchema>;

/** Also the data source of the heat map's detail dialog. */
export const pairTickerEndpoint = {
  method: 'GET',
  path: '/api/pairs/ticker/:pair',
  params: pairParamsSchema,
  query: pairTickerQuerySchema,
  response: pairTickerResponseSchema,
} as const;

export const pairSubscribeQuerySchema = z.object({
  pairs: commaList(pairSymbolSchema).pipe(
    z.array(pairSymbolSchema).min(1, 'At least one pair is required').max(20),
  ),
});
export type PairSubscribeQuery = z.infer<typeof pairSubscribeQuerySchema>;

/** The live part of a ticker. */
export const tickerTickSchema = pairTickerSchema.pick({
  pair: true,
  price: true,
  volume: true,
  percentage: true,
  timestamp: true,
});
export type TickerTick = z.infer<typeof tickerTickSchema>;

/**
 * One message of GET /api/pairs/subscribe: SSE `event:` is the `type`, `data:` this JSON.
 * `heatmap` carries only the changed fields of that pair's heat-map entry (merged like heatmap_update).
 */
export const pairStreamMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ticker'), pair: pairSymbolSchema, ticker: tickerTickSchema }),
  z.object({ type: z.literal('heatmap'), pair: pairSymbolSchema, entry: heatMapEntryUpdateSchema }),
]);
export type PairStreamMessage = z.infer<typeof pairStreamMessageSchema>;

/** Server-sent events for API users (bearer token), for the pairs in `?pairs=`. */
export const pairSubscribeEndpoint = {
  method: 'GET',
  path: '/api/pairs/subscribe',
  query: pairSubscribeQuerySchema,
  produces: 'text/event-stream',
  response: pairStreamMessageSchema,
} as const;
