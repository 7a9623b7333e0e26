import { z } from 'zod';
import { isoDateTimeSchema, singleLineText } from './common';

/*
 * The kill switch (issue #20): an admin halts every new accept, paper and live, with a reason that
 * traders read on the offers screen and in each refused accept; then resumes. Open trades keep
 * their exits either way.
 */

export const TRADING_HALT_REASON_MAX = 500;

/** What a trader sees: whether accepts are halted, why, and since when. */
export const tradingHaltSchema = z.object({
  halted: z.boolean(),
  /** The admin's words; null while trading runs. */
  reason: z.string().nullable(),
  haltedAt: isoDateTimeSchema.nullable(),
});
export type TradingHalt = z.infer<typeof tradingHaltSchema>;

/** What an admin sees besides: who halted (null while trading runs, or once that account is gone). */
export const adminTradingHaltSchema = tradingHaltSchema.extend({
  haltedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminTradingHalt = z.infer<typeof adminTradingHaltSchema>;

/** One line (it is quoted inside every refusal), trimmed, 1-500 characters. */
export const haltTradingInputSchema = z.strictObject({
  reason: singleLineText({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(TRADING_HALT_REASON_MAX, `At most ${TRADING_HALT_REASON_MAX} characters`),
});
export type HaltTradingInput = z.infer<typeof haltTradingInputSchema>;

/** The refusal of every accept while halted, word for word what the offers screen shows. */
export const tradingHaltedMessage = (reason: string) => `Trading is halted: ${reason}`;

/** Answered when there is nothing to resume (another admin did, or no halt was set). */
export const TRADING_NOT_HALTED = 'Trading is not halted';

export const tradingHaltEndpoint = {
  method: 'GET',
  path: '/api/trades/halt',
  response: tradingHaltSchema,
} as const;

export const adminTradingHaltEndpoint = {
  method: 'GET',
  path: '/api/admin/trading/halt',
  auth: 'admin',
  response: adminTradingHaltSchema,
} as const;

/** Halting again while halted replaces the reason; the halt keeps its start. */
export const haltTradingEndpoint = {
  method: 'POST',
  path: '/api/admin/trading/halt',
  auth: 'admin',
  body: haltTradingInputSchema,
  response: adminTradingHaltSchema,
} as const;

/** 409 `TRADING_NOT_HALTED` when trading runs already, with nothing changed. */
export const resumeTradingEndpoint = {
  method: 'POST',
  path: '/api/admin/trading/resume',
  auth: 'admin',
  /** None; an empty object is accepted, anything else is a 400. */
  body: z.strictObject({}).nullish(),
  response: adminTradingHaltSchema,
} as const;
