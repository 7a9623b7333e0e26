import { z } from 'zod';
import { dollarsSchema, isoDateTimeSchema, okResponseSchema, queryInt, singleLineText } from './common';
import type { NotificationKind } from './notifications';

/** The events a webhook endpoint can choose: every kind of notification but its own disabling. */
export const webhookEventTypes = [
  'offer.created',
  'trade.opened',
  'trade.closed',
  'withdrawal.approved',
  'withdrawal.rejected',
  'guardrail.triggered',
] as const satisfies readonly NotificationKind[];
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/**
 * The body a webhook endpoint receives: HeatSignal's own event JSON, Freqtrade's REST
 * `forceenter` body, or a 3Commas signal bot's JSON.
 */
export const webhookFormats = ['heatsignal', 'freqtrade', '3commas'] as const;
export const webhookFormatSchema = z.enum(webhookFormats);
export type WebhookFormat = z.infer<typeof webhookFormatSchema>;

/*
 * Outbound webhooks (issue #21): a trader's endpoints, each with the events it chose, a payload
 * format and a signing secret; and the log of what was delivered to each. The signing secret and a
 * bot's credentials are written, never read back: the secret is answered once (when made or
 * rotated) and lists show only its last characters.
 */

/** Each request carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under this header. */
export const WEBHOOK_SIGNATURE_HEADER = 'HeatSignal-Signature';
/** A receiver refuses a signature whose `t` is further than this from its clock (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** A delivery not made within this long after its event is given up. */
export const WEBHOOK_RETRY_HOURS = 24;
/** Failed attempts in a row after which an endpoint is disabled. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 10;

/**
 * The events each format can carry: Freqtrade's REST API only enters trades (`forceenter`), and a
 * 3Commas signal bot enters on a new offer or a trade opened here, and exits when the trade closes.
 */
export const WEBHOOK_FORMAT_EVENTS: Record<WebhookFormat, readonly WebhookEventType[]> = {
  heatsignal: webhookEventTypes,
  freqtrade: ['offer.created'],
  '3commas': ['offer.created', 'trade.opened', 'trade.closed'],
};
export const WEBHOOK_FORMAT_NAMES: Record<WebhookFormat, string> = {
  heatsignal: 'HeatSignal JSON',
  freqtrade: 'Freqtrade',
  '3commas': '3Commas signal bot',
};
export const freqtradeOrderTypes = ['market', 'limit'] as const;

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};
const webhookUrlInput = singleLineText()
  .trim()
  .min(1, 'Enter the URL to deliver to')
  .max(2000, 'The URL must be at most 2000 characters')
  .refine(isWebUrl, 'Enter a full URL, e.g. https://bots.example.com/heatsignal');

const eventsInput = (allowed: readonly WebhookEventType[], format: string) =>
  z
    .array(webhookEventTypeSchema)
    .min(1, 'Choose at least one event')
    .refine((events) => new Set(events).size === events.length, 'List each event once')
    .refine(
      (events) => events.every((event) => allowed.includes(event)),
      `A ${format} endpoint can receive only ${allowed.join(', ')}`,
    );

const freqtradeInputSchema = z.strictObject({
  /** The user and password of the trader's Freqtrade REST API (`api_server` in its config). */
  username: singleLineText().trim().min(1, 'Enter the Freqtrade API user name').max(100),
  password: singleLineText().min(1, 'Enter the Freqtrade API password').max(200),
  /** Dollars per entry; without it, the trader's minimum entry preference. */
  stakeAmount: z
    .number({ error: 'The stake must be a number' })
    .gt(0, 'The stake must be more than $0')
    .max(1_000_000, 'The stake must be at most $1,000,000')
    .nullish(),
  ordertype: z.enum(freqtradeOrderTypes).default('market'),
});

const threeCommasInputSchema = z.strictObject({
  /** The signal bot's UUID and its webhook secret, both from the bot's JSON message on 3Commas. */
  botUuid: singleLineText().trim().min(1, 'Enter the signal bot UUID').max(100),
  secret: singleLineText().min(1, "Enter the signal bot's secret").max(1000),
  /** Seconds after which 3Commas ignores the signal; 3Commas' own default when absent. */
  maxLag: z.number().int().min(1).max(86_400).nullish(),
});

export const createWebhookEndpointInputSchema = z.discriminatedUnion('format', [
  z.strictObject({
    format: z.literal('heatsignal'),
    url: webhookUrlInput,
    events: eventsInput(WEBHOOK_FORMAT_EVENTS.heatsignal, 'HeatSignal JSON'),
  }),
  z.strictObject({
    format: z.literal('freqtrade'),
    url: webhookUrlInput,
    events: eventsInput(WEBHOOK_FORMAT_EVENTS.freqtrade, 'Freqtrade'),
    freqtrade: freqtradeInputSchema,
  }),
  z.strictObject({
    format: z.literal('3commas'),
    url: webhookUrlInput,
    events: eventsInput(WEBHOOK_FORMAT_EVENTS['3commas'], '3Commas'),
    threeCommas: threeCommasInputSchema,
  }),
]);
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInputSchema>;
export type CreateWebhookEndpoint = z.output<typeof createWebhookEndpointInputSchema>;

export const updateWebhookEndpointInputSchema = z
  .strictObject({
    url: webhookUrlInput.optional(),
    events: eventsInput(webhookEventTypes, 'webhook').optional(),
    /** Enabling a disabled endpoint clears its failures and the reason it was disabled. */
    enabled: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), 'Nothing to change');
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointInputSchema>;

/** An endpoint as Settings lists it: never its secret nor a password, only what tells them apart. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  format: webhookFormatSchema,
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it was disabled (repeated failures), or null. */
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int().min(0),
  /** The signing secret's last 4 characters, e.g. `whsec_…k3Zq`. */
  secretHint: z.string(),
  freqtrade: z
    .object({
      username: z.string(),
      stakeAmount: dollarsSchema.nullable(),
      ordertype: z.enum(freqtradeOrderTypes),
    })
    .nullable(),
  threeCommas: z.object({ botUuid: z.string(), maxLag: z.number().int().nullable() }).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** One event's delivery to one endpoint: never the body sent, which may carry a bot's secret. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id, the same in every delivery of it (receivers dedupe on it). */
  eventId: z.string(),
  eventType: z.union([webhookEventTypeSchema, z.literal('test')]),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int().min(0),
  /** The HTTP status of the last answer, null when none came (refused, unreachable, timed out). */
  responseStatus: z.number().int().nullable(),
  /** How long the last attempt took, in milliseconds. */
  latencyMs: z.number().int().nullable(),
  /** Why the last attempt failed, in a few words. */
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  lastAttemptAt: isoDateTimeSchema.nullable(),
  /** When the next attempt is due (pending deliveries). */
  nextAttemptAt: isoDateTimeSchema.nullable(),
  deliveredAt: isoDateTimeSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const endpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  /** The signing secret (`whsec_…`): shown this once. */
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof endpointWithSecretSchema>;

export const webhookIdParamsSchema = z.object({ id: singleLineText().min(1) });

export const listWebhookEndpointsEndpoint = {
  method: 'GET',
  path: '/api/webhooks',
  response: z.object({ endpoints: z.array(webhookEndpointSchema) }),
  apiKey: 'none',
} as const;

/** The answer is the only time the signing secret is shown. */
export const createWebhookEndpointEndpoint = {
  method: 'POST',
  path: '/api/webhooks',
  body: createWebhookEndpointInputSchema,
  response: endpointWithSecretSchema,
  apiKey: 'none',
} as const;

export const updateWebhookEndpointEndpoint = {
  method: 'PATCH',
  path: '/api/webhooks/:id',
  params: webhookIdParamsSchema,
  body: updateWebhookEndpointInputSchema,
  response: z.object({ endpoint: webhookEndpointSchema }),
  apiKey: 'none',
} as const;

/** The endpoint and its delivery log go; nothing more is sent to it. */
export const deleteWebhookEndpointEndpoint = {
  method: 'DELETE',
  path: '/api/webhooks/:id',
  params: webhookIdParamsSchema,
  response: okResponseSchema,
  apiKey: 'none',
} as const;

/**
 * A new signing secret, answered this once. The old one stops at once: every attempt from then on
 * (retries of earlier events included) is signed with the new one, so a receiver that refused an
 * attempt while it still had the old secret gets it again, signed anew, at the next retry.
 */
export const rotateWebhookSecretEndpoint = {
  method: 'POST',
  path: '/api/webhooks/:id/rotate-secret',
  params: webhookIdParamsSchema,
  body: z.strictObject({}).nullish(),
  response: endpointWithSecretSchema,
  apiKey: 'none',
} as const;

/** Queues a `test` event to the endpoint, sent within seconds; its delivery shows in the log. */
export const sendWebhookTestEndpoint = {
  method: 'POST',
  path: '/api/webhooks/:id/test',
  params: webhookIdParamsSchema,
  body: z.strictObject({}).nullish(),
  response: z.object({ delivery: webhookDeliverySchema }),
  apiKey: 'none',
} as const;

export const listWebhookDeliveriesEndpoint = {
  method: 'GET',
  path: '/api/webhooks/:id/deliveries',
  params: webhookIdParamsSchema,
  query: z.object({ limit: queryInt(1, 100).default(20) }),
  response: z.object({ deliveries: z.array(webhookDeliverySchema) }),
  apiKey: 'none',
} as const;

export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found';
export const TOO_MANY_WEBHOOKS = `You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most a trader can hold: delete one first.`;
export const WEBHOOK_HTTPS_ONLY = 'The URL must start with https://';
export const WEBHOOK_TEST_PENDING = 'A test event is already on its way to this endpoint';
export const WEBHOOK_DISABLED_TEST = 'This endpoint is disabled: enable it before sending a test event';
export const WEBHOOK_NO_3COMMAS_TEST =
  "3Commas has no test signal: any signal its bot accepts opens or closes a deal. Check the bot's log on 3Commas after the next offer instead.";
