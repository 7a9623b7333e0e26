import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createSecretSealer as createSharedSealer } from '../../shared/secret-sealer';

/**
 * The trigger webhook's signing scheme (documented in the README), like Stripe's and GitHub's:
 * `X-HeatSignal-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`, with
 * `X-HeatSignal-Timestamp` in Unix seconds no more than 5 minutes off, which bounds replays.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
const SECRET_PREFIX = 'whsec_';

export function createWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function signWebhook(secret: string, timestamp: string, body: Buffer | string): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(body);
  return `sha256=${hmac.digest('hex')}`;
}

export function verifyWebhookSignature(input: {
  secret: string;
  timestamp: string;
  signature: string;
  body: Buffer;
  nowSeconds: number;
}): boolean {
  if (!/^\d{1,12}$/.test(input.timestamp)) return false;
  if (Math.abs(input.nowSeconds - Number(input.timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(input.secret, input.timestamp, input.body));
  const given = Buffer.from(input.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The trigger secrets' sealer (AES-256-GCM under a key derived from AUTH_SECRET, so rotating
 * AUTH_SECRET retires every key); the purpose keeps the key secrets sealed before it was shared.
 */
export const createSecretSealer = (authSecret: string) => createSharedSealer(authSecret, 'webhook-secrets');
