import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

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

/** AES-256-GCM under a key derived from AUTH_SECRET (so rotating AUTH_SECRET retires every key). */
export function createSecretSealer(authSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'heatsignal', 'webhook-secrets', 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
    },
    /** Null when the text was sealed under another AUTH_SECRET or tampered with. */
    open(sealed: string): string | null {
      const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !data) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
