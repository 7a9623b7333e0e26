import { z } from 'zod';
import { isoDateTimeSchema, jsonObject, pairSymbolSchema, singleLineText, text } from './common';
import { triggerSymbolSchema } from './admin-triggers';

/** Per-pair tuning, e.g. { marketThreshold: 0.5, volumeThreshold: 2 }. */
export const dynamicConfigSchema = jsonObject();
export type DynamicConfig = z.infer<typeof dynamicConfigSchema>;

export const cryptoPairRecordSchema = z.object({
  id: z.string(),
  symbol: pairSymbolSchema,
  /** Exchange symbol, e.g. XBTUSD. */
  krakenSymbol: z.string(),
  active: z.boolean(),
  /** Failed market-data refreshes in a row; the pair is deactivated when they reach the limit. */
  deactivation_attempts: z.number().int().min(0),
  analysis_count: z.number().int().min(0),
  /** Mean progrev score of its analyses; null before the first. */
  avg_progrev: z.number().nullable(),
  dynamic_config: dynamicConfigSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type CryptoPairRecord = z.infer<typeof cryptoPairRecordSchema>;

/** Optional; empty means "the symbol without its slash" (BTC/USD → BTCUSD), filled in by the server. */
export const krakenSymbolSchema = singleLineText()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(
    singleLineText()
      .regex(/^[A-Z0-9]{2,20}$/, 'Invalid Kraken symbol format (e.g., XBTUSD)')
      .optional(),
  );

/** dynamic_config as typed in the Add Pair form: JSON text of an object; blank → {}. */
export const dynamicConfigTextSchema = text()
  .transform((text, ctx) => {
    if (!text.trim()) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid JSON in dynamic_config' });
      return z.NEVER;
    }
  })
  .pipe(jsonObject({ error: 'dynamic_config must be a JSON object' }));

/**
 * POST /api/admin/manage-pairs. `add` fills defaults (inactive, empty config); `update` changes
 * only the fields it carries (toggle active sends { action, symbol, active }).
 * Bulk actions send one call per pair.
 */
export const managePairInputSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    symbol: triggerSymbolSchema,
    krakenSymbol: krakenSymbolSchema,
    active: z.boolean().default(false),
    dynamic_config: dynamicConfigSchema.default({}),
  }),
  z.object({
    action: z.literal('update'),
    symbol: triggerSymbolSchema,
    krakenSymbol: krakenSymbolSchema,
    active: z.boolean().optional(),
    dynamic_config: dynamicConfigSchema.optional(),
  }),
  z.object({ action: z.literal('delete'), symbol: triggerSymbolSchema }),
]);
export type ManagePairInput = z.infer<typeof managePairInputSchema>;
export type ManagePairFormInput = z.input<typeof managePairInputSchema>;

/** The pair after the change; null after a delete. */
export const managePairResponseSchema = z.object({ pair: cryptoPairRecordSchema.nullable() });
export type ManagePairResponse = z.infer<typeof managePairResponseSchema>;

export const managePairsEndpoint = {
  method: 'POST',
  path: '/api/admin/manage-pairs',
  auth: 'admin',
  body: managePairInputSchema,
  response: managePairResponseSchema,
} as const;

export const syncKrakenPairsResponseSchema = z.object({
  data: z.object({
    added: z.array(pairSymbolSchema),
    updated: z.array(pairSymbolSchema),
    deactivated: z.array(pairSymbolSchema),
  }),
});
export type SyncKrakenPairsResponse = z.infer<typeof syncKrakenPairsResponseSchema>;

/**
 * No body. Reads the exchange's tradable list: new ones are added (active when on the default watch
 * list, else inactive), changed ones updated, and pairs gone from the exchange deactivated.
 */
export const syncKrakenPairsEndpoint = {
  method: 'POST',
  path: '/api/admin/sync-kraken-pairs',
  auth: 'admin',
  /** None; an empty object is accepted, anything else is a 400. */
  body: z.strictObject({}).nullish(),
  response: syncKrakenPairsResponseSchema,
} as const;
