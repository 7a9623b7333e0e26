import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  jsonObject,
  noControlCharacters,
  pairSymbolSchema,
  singleLineText,
  text,
} from './common';
import { timeframeSchema, triggerTypeSchema } from './enums';

/** Parameters of a trigger; analysis requests (advisor_request) carry the candle timeframe. */
export const triggerParametersSchema = z.object({ timeframe: timeframeSchema.default('1h') });
export type TriggerParameters = z.infer<typeof triggerParametersSchema>;

export const triggerRecordSchema = z.object({
  id: z.string(),
  type: triggerTypeSchema,
  symbol: pairSymbolSchema,
  /** http(s) URL (e.g. an RSS feed for news keywords) or null. */
  source: z.string().nullable(),
  keywords: z.array(z.string()),
  active: z.boolean(),
  parameters: z.object({ timeframe: timeframeSchema }).nullable(),
  createdAt: isoDateTimeSchema,
});
export type TriggerRecord = z.infer<typeof triggerRecordSchema>;

export const triggerSymbolSchema = singleLineText({ error: 'Symbol is required' })
  .trim()
  .min(1, { error: 'Symbol is required', abort: true })
  .regex(/^[A-Z0-9]{1,10}\/[A-Z0-9]{1,10}$/, 'Invalid symbol format (e.g., BTC/USD)');

/** Optional http(s) URL; empty or null means none (parses to null). */
export const triggerSourceSchema = singleLineText()
  .trim()
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(
    z
      .url({ protocol: /^https?$/, error: 'Invalid URL format' })
      .check(noControlCharacters)
      .nullable(),
  );

/** Trimmed, empty ones dropped. */
export const keywordListSchema = z
  .array(z.string().trim().check(noControlCharacters).max(100))
  .max(50)
  .overwrite((list) => list.filter(Boolean));
export const keywordsSchema = keywordListSchema.default([]);

/** Keywords as typed in the form: comma separated text → list. */
export const keywordsTextSchema = text()
  .transform((text) => text.split(','))
  .pipe(keywordListSchema);

const triggerFields = {
  type: triggerTypeSchema,
  symbol: triggerSymbolSchema,
  source: triggerSourceSchema,
  keywords: keywordsSchema,
  active: z.boolean().default(true),
  parameters: triggerParametersSchema.optional(),
};

/**
 * POST /api/admin/manage-triggers. `update` finds the trigger by `id`, else by type + symbol.
 * An `advisor_request` or `bypass_analysis` add starts an analysis of the symbol at once.
 */
export const manageTriggerInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), ...triggerFields }),
  z.object({ action: z.literal('update'), id: idSchema.optional(), ...triggerFields }),
  z.object({ action: z.literal('delete'), type: triggerTypeSchema, symbol: triggerSymbolSchema }),
]);
export type ManageTriggerInput = z.infer<typeof manageTriggerInputSchema>;
export type ManageTriggerFormInput = z.input<typeof manageTriggerInputSchema>;

/** `trigger` is null after a delete; `analysisId` is set when the action started an analysis. */
export const manageTriggerResponseSchema = z.object({
  trigger: triggerRecordSchema.nullable(),
  analysisId: z.string().nullable(),
});
export type ManageTriggerResponse = z.infer<typeof manageTriggerResponseSchema>;

export const manageTriggersEndpoint = {
  method: 'POST',
  path: '/api/admin/manage-triggers',
  auth: 'admin',
  body: manageTriggerInputSchema,
  response: manageTriggerResponseSchema,
} as const;

/** Trigger types that outside systems may fire through the webhook. */
export const webhookTriggerTypeSchema = z.enum(['referee_trigger', 'onchain_event', 'onchain_spike']);
export type WebhookTriggerType = z.infer<typeof webhookTriggerTypeSchema>;

export const triggerWebhookInputSchema = z.object({
  type: webhookTriggerTypeSchema,
  symbol: triggerSymbolSchema,
  payload: jsonObject().optional(),
});
export type TriggerWebhookInput = z.infer<typeof triggerWebhookInputSchema>;

export const triggerWebhookResponseSchema = z.object({
  ok: z.literal(true),
  analysisId: z.string().nullable(),
});
export type TriggerWebhookResponse = z.infer<typeof triggerWebhookResponseSchema>;

/**
 * Fired by outside systems, authenticated by an HMAC signature over the raw body with a signing
 * key an admin created (see `webhookSignatureHeaders`), not by a session; it fires only when an
 * active trigger of that type and symbol exists, and starts an analysis.
 */
export const triggerWebhookEndpoint = {
  method: 'POST',
  path: '/api/triggers/webhook',
  auth: 'signature',
  body: triggerWebhookInputSchema,
  response: triggerWebhookResponseSchema,
} as const;

/**
 * Headers of a signed webhook call: the key id, the Unix time in seconds (within 5 minutes of the
 * server's), and `sha256=` + hex HMAC-SHA256(secret, timestamp + "." + raw body).
 */
export const webhookSignatureHeaders = {
  keyId: 'x-heatsignal-key-id',
  timestamp: 'x-heatsignal-timestamp',
  signature: 'x-heatsignal-signature',
} as const;

export const webhookSecretSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: isoDateTimeSchema,
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** The only answer that ever shows the secret. */
export const createdWebhookSecretSchema = webhookSecretSchema.extend({ secret: z.string() });
export type CreatedWebhookSecret = z.infer<typeof createdWebhookSecretSchema>;

export const createWebhookSecretInputSchema = z.strictObject({
  label: singleLineText({ error: 'Label is required' }).trim().min(1, 'Label is required').max(100),
});
export type CreateWebhookSecretInput = z.infer<typeof createWebhookSecretInputSchema>;

export const createWebhookSecretEndpoint = {
  method: 'POST',
  path: '/api/admin/webhook-secrets',
  auth: 'admin',
  body: createWebhookSecretInputSchema,
  response: createdWebhookSecretSchema,
} as const;

export const listWebhookSecretsEndpoint = {
  method: 'GET',
  path: '/api/admin/webhook-secrets',
  auth: 'admin',
  response: z.object({ secrets: z.array(webhookSecretSchema) }),
} as const;

export const deleteWebhookSecretEndpoint = {
  method: 'DELETE',
  path: '/api/admin/webhook-secrets/:id',
  auth: 'admin',
  params: z.object({
    id: singleLineText().regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      'Unknown webhook secret',
    ),
  }),
  response: z.object({ ok: z.literal(true) }),
} as const;
