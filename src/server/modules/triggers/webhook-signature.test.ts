import { describe, expect, it } from 'vitest';
import {
  createSecretSealer,
  createWebhookSecret,
  signWebhook,
  verifyWebhookSignature,
} from './webhook-signature';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = Buffer.from('{"type":"onchain_spike","symbol":"SOL/USD"}');
  const now = 1_800_000_000;
  const check = (overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]> = {}) =>
    verifyWebhookSignature({
      secret,
      timestamp: String(now),
      signature: signWebhook(secret, String(now), body),
      body,
      nowSeconds: now,
      ...overrides,
    });

  it('is the hex HMAC-SHA256 of "timestamp.body" under the secret', () => {
    // Computed independently: printf '1800000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signWebhook(secret, '1800000000', '{"a":1}')).toBe(
      'sha256=7de5e6bbc99c65ef0ddccacd4308ba03a5a12eb8859a0db070c5ca731c4fdc19',
    );
  });

  it('accepts a good signature within five minutes either way', () => {
    expect(check()).toBe(true);
    expect(check({ nowSeconds: now + 300 })).toBe(true);
    expect(check({ nowSeconds: now - 300 })).toBe(true);
  });

  it('refuses another body, another secret, a stale or odd timestamp, and a mangled signature', () => {
    expect(check({ body: Buffer.from(`${body.toString()} `) })).toBe(false);
    expect(check({ secret: 'whsec_other' })).toBe(false);
    expect(check({ nowSeconds: now + 301 })).toBe(false);
    expect(check({ timestamp: `${now}.5` })).toBe(false);
    expect(check({ signature: 'sha256=00' })).toBe(false);
    expect(check({ signature: signWebhook(secret, String(now), body).toUpperCase() })).toBe(false);
  });

  it('seals secrets so that only the same AUTH_SECRET opens them', () => {
    const made = createWebhookSecret();
    expect(made).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const sealer = createSecretSealer('a'.repeat(32));
    const sealed = sealer.seal(made);
    expect(sealed).not.toContain(made.slice(6));
    expect(sealer.open(sealed)).toBe(made);
    expect(createSecretSealer('b'.repeat(32)).open(sealed)).toBeNull();
    expect(sealer.open(`${sealed}x`)).toBeNull();
  });
});
