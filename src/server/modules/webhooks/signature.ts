/**
 * The signature of an outbound webhook, Stripe's scheme: header
 * `HeatSignal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The receiver recomputes it over the bytes it received with the endpoint's secret and refuses a
 * `t` more than 5 minutes from its clock, so a captured request cannot be replayed later and a
 * changed body or timestamp does not verify. `verifyWebhookSignature` is what a receiver runs
 * (the tests' receivers and docs/webhooks.md use it as is).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX, WEBHOOK_TOLERANCE_SECONDS } from '../../../contract/webhooks';

export function createEndpointSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
}

const hmacHex = (secret: string, timestamp: number, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/** The header's value for `body` sent at `timestamp` (Unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string | Buffer): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

export type VerifyFailure = 'malformed' | 'outside tolerance' | 'mismatch';

/**
 * Checks a `HeatSignal-Signature` header against the raw body received. Any `v1` that matches
 * passes (the header may carry several); the comparison takes the same time whatever the bytes.
 */
export function verifyWebhookSignature(input: {
  header: string | undefined;
  body: string | Buffer;
  secret: string;
  /** The receiver's clock, Unix seconds. */
  nowSeconds?: number;
  toleranceSeconds?: number;
}): { ok: true; timestamp: number } | { ok: false; reason: VerifyFailure } {
  const parts = (input.header ?? '').split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const timestamp = Number(t);
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'outside tolerance' };
  }
  const expected = Buffer.from(hmacHex(input.secret, timestamp, input.body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
