import { z } from 'zod';
import {
  dollarsSchema,
  idParamsSchema,
  isoDateTimeSchema,
  offsetLimitQuery,
  pairSymbolSchema,
  totalSchema,
} from './common';
import { positionTypeSchema, tradeCloseReasonSchema, tradeStatusSchema } from './enums';

/** A paper (or live) position opened by accepting an offer. */
/** Shown with a trade whose order's outcome the exchange has not told yet (`orderCheck`). */
export const ORDER_CHECK_TEXT = 'Order status unknown — checking with the exchange';

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
  /** Why it ended (null while open). Optional so older clients' fixtures stay valid; always sent. */
  closeReason: tradeCloseReasonSchema.nullable().optional(),
  /**
   * An order of this trade (its entry or its exit) whose outcome the exchange has not told yet:
   * the trade waits while it is looked up. Optional for older fixtures; always sent.
   */
  orderCheck: z.enum(['entry', 'exit']).nullable().optional(),
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

/**
 * Server-enforced limits on accepting offers (defaults below; admins change them in global
 * settings). A refused accept names the rule that fired.
 */
export const guardrailsSchema = z.object({
  /** Open trades a trader may hold at once. */
  maxOpenTrades: z.number().int().min(1).max(1000),
  /** Realised losses of a day (UTC) may reach at most this percent of the day's starting equity. */
  dailyLossCapPercent: z.number().gt(0).max(100),
  /** Losing trades in a row that start a cooldown. */
  lossStreakLimit: z.number().int().min(1).max(100),
  /** Minutes without new trades after such a streak. */
  cooldownMinutes: z.number().int().min(1).max(10_080),
});
export type Guardrails = z.infer<typeof guardrailsSchema>;

export const GUARDRAIL_DEFAULTS: Guardrails = {
  maxOpenTrades: 5,
  dailyLossCapPercent: 10,
  lossStreakLimit: 3,
  cooldownMinutes: 60,
};

export const guardrailsEndpoint = {
  method: 'GET',
  path: '/api/trades/guardrails',
  response: guardrailsSchema,
} as const;
