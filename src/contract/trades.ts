import { z } from 'zod';
import {
  dollarsSchema,
  idParamsSchema,
  isoDateTimeSchema,
  offsetLimitQuery,
  pairSymbolSchema,
  totalSchema,
} from './common';
import { positionTypeSchema, tradeStatusSchema } from './enums';

/** A paper (or live) position opened by accepting an offer. */
export const tradeSchema = z.object({
  id: z.string(),
  offerId: z.string().nullable(),
  pair: pairSymbolSchema,
  positionType: positionTypeSchema,
  /** Entry amount in dollars. */
  amount: dollarsSchema,
  /** Percent, net of fees; unrealised while open, realised once closed. */
  profit: z.number(),
  status: tradeStatusSchema,
  entryPrice: z.number(),
  exitPrice: z.number().nullable(),
  /** Closes automatically once profit reaches this percent; null = at the offer's horizon or stop. */
  autoCloseProfitPercent: z.number().nullable(),
  openedAt: isoDateTimeSchema,
  closedAt: isoDateTimeSchema.nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const listTradesQuerySchema = offsetLimitQuery(10);
export type ListTradesQuery = z.infer<typeof listTradesQuerySchema>;

export const listTradesResponseSchema = z.object({ trades: z.array(tradeSchema), total: totalSchema });
export type ListTradesResponse = z.infer<typeof listTradesResponseSchema>;

/** Newest first; the caller's own trades only. */
export const listTradesEndpoint = {
  method: 'GET',
  path: '/api/trades/trades',
  query: listTradesQuerySchema,
  response: listTradesResponseSchema,
} as const;

export const tradeStatusResponseSchema = tradeSchema.pick({
  id: true,
  status: true,
  profit: true,
  closedAt: true,
});
export type TradeStatusResponse = z.infer<typeof tradeStatusResponseSchema>;

export const tradeStatusEndpoint = {
  method: 'GET',
  path: '/api/trades/:id/status',
  params: idParamsSchema,
  response: tradeStatusResponseSchema,
} as const;
