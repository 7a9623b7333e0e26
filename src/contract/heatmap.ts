import { z } from 'zod';
import {
  commaList,
  isoDateTimeSchema,
  pairSymbolSchema,
  queryInt,
  queryNumber,
  searchQuery,
  timeRangeSchema,
} from './common';
import { POSITION_TYPES, positionTypeSchema, riskLevelSchema, trendSchema } from './enums';

/** A chart point: `x` is epoch milliseconds, `y` the value. */
export const chartPointSchema = z.object({ x: z.number(), y: z.number() });
export type ChartPoint = z.infer<typeof chartPointSchema>;

/**
 * The step of the heat map's histories: one point per 20 minutes (36 over 12 h), what its charts
 * draw. A point is stamped with its step's start; price is the step's close, volume its sum.
 */
export const HEAT_MAP_CHART_STEP_MS = 20 * 60 * 1000;

/**
 * 7-day market figures of a pair plus the last 12 hours of price and volume, one point per
 * HEAT_MAP_CHART_STEP_MS (empty lists when the caller asked `histories=none`).
 */
export const tickerDataSchema = z.object({
  price_7d: z.number(),
  change_7d: z.number(),
  volume_7d: z.number(),
  volatility_7d: z.number(),
  price_history: z.array(chartPointSchema),
  volume_history: z.array(chartPointSchema),
});
export type TickerData = z.infer<typeof tickerDataSchema>;

export const aiCommentsSchema = z.object({ summary: z.string() });
export type AiComments = z.infer<typeof aiCommentsSchema>;

export const recentErrorSchema = z.object({ error: z.string(), at: isoDateTimeSchema });
export type RecentError = z.infer<typeof recentErrorSchema>;

/** hot / open: the pair has a live offer of that status; idle: no live offer. */
export const heatMapStatusSchema = z.enum(['hot', 'open', 'idle']);
export type HeatMapStatus = z.infer<typeof heatMapStatusSchema>;

/**
 * One pair on the heat map (trader spec section 3 "Heat map entry (full)"). Public: it carries no
 * error text; admins get `adminHeatMapEntrySchema`, which adds the pair's recent errors.
 */
export const heatMapEntrySchema = z.object({
  pair: pairSymbolSchema,
  heatScore: z.number().min(0).max(100),
  successRate: z.number().min(0).max(100),
  /** 0-1, sent as a number (the screen formats it). */
  progrevScore: z.number().min(0).max(1),
  positionType: positionTypeSchema,
  refereeTrend: trendSchema,
  refereeRisk: riskLevelSchema,
  refereeComment: z.string(),
  status: heatMapStatusSchema,
  density: z.number(),
  tickerData: tickerDataSchema,
  aiComments: aiCommentsSchema,
  activeTriggers: z.array(z.string()),
  selectedAnalyses: z.array(z.object({ analysisId: z.string() })),
  lastUpdated: isoDateTimeSchema,
});
export type HeatMapEntry = z.infer<typeof heatMapEntrySchema>;

/** The heat map: entries keyed by pair symbol (an empty object when nothing matches). */
export const heatMapSchema = z.record(pairSymbolSchema, heatMapEntrySchema);
export type HeatMap = z.infer<typeof heatMapSchema>;

/** The admin heat-map entry: the public one plus the worker and feed errors of the last 24 h. */
export const adminHeatMapEntrySchema = heatMapEntrySchema.extend({
  recentErrors: z.array(recentErrorSchema),
});
export type AdminHeatMapEntry = z.infer<typeof adminHeatMapEntrySchema>;
export const adminHeatMapSchema = z.record(pairSymbolSchema, adminHeatMapEntrySchema);
export type AdminHeatMap = z.infer<typeof adminHeatMapSchema>;

/**
 * tickerData in a live change. With `historyFrom` the histories carry only their new tail: drop
 * the held points older than `historyFrom` and those at or after the first point sent, then append
 * the points sent (the last held point may have been revised, so it can come again). Without
 * `historyFrom` the histories replace the held ones whole.
 */
export const tickerDataUpdateSchema = tickerDataSchema.extend({ historyFrom: z.number().optional() });
export type TickerDataUpdate = z.infer<typeof tickerDataUpdateSchema>;

/** One pair's live change: only the fields that changed. */
export const heatMapEntryUpdateSchema = heatMapEntrySchema
  .partial()
  .extend({ tickerData: tickerDataUpdateSchema.optional() });
export type HeatMapEntryUpdate = z.infer<typeof heatMapEntryUpdateSchema>;

/** A live change: a partial map of the pairs that changed, merged over the current data. */
export const heatMapUpdateSchema = z.record(pairSymbolSchema, heatMapEntryUpdateSchema);
export type HeatMapUpdate = z.infer<typeof heatMapUpdateSchema>;

export const heatMapSortSchema = z.enum(['heat_desc', 'progrev_desc', 'updated_desc']);
export type HeatMapSort = z.infer<typeof heatMapSortSchema>;

export const heatMapFilterSchema = z.enum(['active_triggers']);

/**
 * `chart` (default): tickerData carries the 12 h price and volume histories at chart resolution;
 * `none`: both histories are empty lists, for callers that draw no chart (a tenth of the bytes).
 */
export const heatMapHistoriesSchema = z.enum(['chart', 'none']);
export type HeatMapHistories = z.infer<typeof heatMapHistoriesSchema>;

/**
 * GET /api/offers/heat-map. `positionType` is one value, `all`, or (dashboard) a comma list;
 * it always parses to a list, and a list containing `all` means no filter. `histories=none` leaves
 * out the price and volume histories (heatMapHistoriesSchema).
 */
export const heatMapQuerySchema = z.object({
  timeRange: timeRangeSchema.default('7d'),
  minHeat: queryNumber(0, 100).optional(),
  maxHeat: queryNumber(0, 100).optional(),
  minSuccess: queryNumber(0, 100).optional(),
  maxSuccess: queryNumber(0, 100).optional(),
  minProgrev: queryNumber(0, 1).optional(),
  maxProgrev: queryNumber(0, 1).optional(),
  sortBy: heatMapSortSchema.default('heat_desc'),
  search: searchQuery,
  positionType: commaList(z.enum([...POSITION_TYPES, 'all'])).optional(),
  trend: trendSchema.optional(),
  riskLevel: riskLevelSchema.optional(),
  filter: heatMapFilterSchema.optional(),
  limit: queryInt(1, 500).optional(),
  histories: heatMapHistoriesSchema.default('chart'),
});
export type HeatMapQuery = z.infer<typeof heatMapQuerySchema>;
export type HeatMapQueryInput = z.input<typeof heatMapQuerySchema>;

/** Public for the landing page (no token); a token, when sent, is used. */
export const heatMapEndpoint = {
  method: 'GET',
  path: '/api/offers/heat-map',
  auth: 'optional',
  query: heatMapQuerySchema,
  response: heatMapSchema,
} as const;
