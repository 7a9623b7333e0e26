import { z } from 'zod';
import type { PlanName } from './billing';
import { apiKeyScopes, isoDateTimeSchema, noControlCharacters, singleLineText } from './common';

/*
 * Personal API keys (issue #21): a trader's bots call the API with `Authorization: Bearer hs_…`.
 * A key is shown once, when it is made; the server keeps only its SHA-256. Keys never manage keys
 * (every call here is a signed-in session's), and what a key may call is its scope against the
 * endpoint's `apiKey` rule (common.ts `apiKeyScopeOf`).
 */

export const API_KEY_PREFIX = 'hs_';
/** How much of a key lists show: `hs_` and the first 8 characters of its secret. */
export const API_KEY_SHOWN_LENGTH = 11;
/** Keys a trader may hold at once (revoked and expired ones do not count). */
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEY_MAX_LIFETIME_DAYS = 365;
const DAY_MS = 24 * 3600_000;
/** Requests a minute per key: Free gets read keys ('limited API'), Pro trade keys ('full API'). */
export const API_KEY_REQUESTS_PER_MINUTE: Record<PlanName, number> = { free: 60, pro: 600 };

export const apiKeyScopeSchema = z.enum(apiKeyScopes);
export const apiKeyStateSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyState = z.infer<typeof apiKeyStateSchema>;

/** A key as Settings lists it: never its secret, only the characters that tell keys apart. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The key's first characters, e.g. `hs_Ab12Cd34`. */
  prefix: z.string(),
  createdAt: isoDateTimeSchema,
  /** The last request with it, to within a minute; null when never used. */
  lastUsedAt: isoDateTimeSchema.nullable(),
  expiresAt: isoDateTimeSchema.nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
  state: apiKeyStateSchema,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyInputSchema = z.strictObject({
  name: singleLineText()
    .trim()
    .min(1, 'Name the key, e.g. "Grid bot"')
    .max(60, 'The name must be at most 60 characters'),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'Choose a scope: read or trade')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'List each scope once'),
  /** No expiry when absent or null. */
  expiresAt: z.iso
    .datetime({ offset: true })
    .check(noControlCharacters)
    .refine((at) => Date.parse(at) > Date.now(), 'The expiry must be in the future')
    .refine(
      (at) => Date.parse(at) <= Date.now() + API_KEY_MAX_LIFETIME_DAYS * DAY_MS,
      `The expiry must be within ${API_KEY_MAX_LIFETIME_DAYS} days`,
    )
    .nullish(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

export const apiKeyIdParamsSchema = z.object({ id: singleLineText().min(1) });

export const apiKeysEndpoint = {
  method: 'GET',
  path: '/api/account/api-keys',
  response: z.object({ apiKeys: z.array(apiKeySchema) }),
  apiKey: 'none',
} as const;

/** The answer is the only time the key itself is ever shown. */
export const createApiKeyEndpoint = {
  method: 'POST',
  path: '/api/account/api-keys',
  body: createApiKeyInputSchema,
  response: z.object({ apiKey: apiKeySchema, key: z.string() }),
  apiKey: 'none',
} as const;

/** Refused at once in every process; the key stays listed as revoked. */
export const revokeApiKeyEndpoint = {
  method: 'DELETE',
  path: '/api/account/api-keys/:id',
  params: apiKeyIdParamsSchema,
  response: z.object({ apiKey: apiKeySchema }),
  apiKey: 'none',
} as const;

export const API_KEY_NOT_FOUND = 'API key not found';
export const TRADE_KEYS_NEED_PRO =
  'Trade keys are part of Pro: the Free plan has read keys. Upgrade to Pro on Settings to trade through the API.';
export const TOO_MANY_API_KEYS = `You have ${MAX_ACTIVE_API_KEYS} active API keys, the most a trader can hold: revoke one first.`;

/** The refusals of a call made with a key. */
export const API_KEY_REFUSED = 'Invalid, expired or revoked API key';
export const API_KEY_NO_ADMIN = 'API keys cannot call admin endpoints';
export const API_KEY_READ_ONLY = 'This API key is read-only: this call needs a trade key';
export const API_KEY_SIGN_IN = 'API keys cannot call this endpoint; sign in instead';
/** Public endpoints, and sign-in itself (/api/auth/*): nothing for a key to prove there. */
export const API_KEY_PUBLIC = 'This endpoint takes no API key: call it without one';
export const API_KEY_TRADE_NEEDS_PRO =
  'Trading through the API is part of Pro and your plan is Free: this key can still read. Upgrade to Pro on Settings.';
export const apiKeyRateLimitMessage = (perMinute: number) =>
  `Rate limit: ${perMinute} requests a minute for this API key`;
