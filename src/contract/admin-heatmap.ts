import { z } from 'zod';
import { queryNumber, searchQuery, timeRangeSchema } from './common';
import { biasSchema, riskLevelSchema, trendSchema } from './enums';
import { adminLiveMessageSchema } from './events';
import { adminHeatMapSchema, heatMapFilterSchema, heatMapSortSchema } from './heatmap';

/** GET /api/admin/heat-map (Offer Analytics and the All-Seeing Eye's Heatmap tab). */
export const adminHeatMapQuerySchema = z.object({
  timeRange: timeRangeSchema.default('7d'),
  minHeat: queryNumber(0, 100).optional(),
  bias: biasSchema.optional(),
  trend: trendSchema.optional(),
  riskLevel: riskLevelSchema.optional(),
  sort: heatMapSortSchema.default('heat_desc'),
  filter: heatMapFilterSchema.optional(),
  search: searchQuery,
});
export type AdminHeatMapQuery = z.infer<typeof adminHeatMapQuerySchema>;
export type AdminHeatMapQueryInput = z.input<typeof adminHeatMapQuerySchema>;

/** The trader heat map's entries plus their recent errors, for every active pair with enabled analysis. */
export const adminHeatMapEndpoint = {
  method: 'GET',
  path: '/api/admin/heat-map',
  auth: 'admin',
  query: adminHeatMapQuerySchema,
  response: adminHeatMapSchema,
} as const;

/** Server-sent events; each message's `data` is one JSON `AdminLiveMessage`. */
export const adminHeatMapLiveEndpoint = {
  method: 'GET',
  path: '/api/admin/heatmap/live',
  auth: 'admin',
  produces: 'text/event-stream',
  response: adminLiveMessageSchema,
} as const;
