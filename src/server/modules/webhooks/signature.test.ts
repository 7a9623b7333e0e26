import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEndpointSecret, signWebhook, verifyWebhookSignature } from './signature';

const secret = 'whsec_test_0123456789abcdef';
const body = '{"id":"offer.created:1","type":"offer.created"}';
const t = 1_790_000_000;

describe('webhook signatures', () => {
  it('signs t and v1 = hex HMAC-SHA256 of "<t>.<body>" under the secret', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhook(secret, t, body)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature within the 5-minute tolerance, either side of the clock', () => {
    const header = signWebhook(secret, t, body);
    for (const nowSeconds of [t, t + 300, t - 300]) {
      expect(verifyWebhookSignature({ header, body, secret, nowSeconds })).toEqual({
        ok: true,
        timestamp: t,
      });
    }
    expect(verifyWebhookSignature({ header, body: Buffer.from(body), secret, nowSeconds: t }).ok).toBe(true);
  });

  it('refuses a replay older than 5 minutes, and a t from the future', () => {
    const header = signWebhook(secret, t, body);
    expect(verifyWebhookSignature({ header, body, secret, nowSeconds: t + 301 })).toEqual({
      ok: false,
      reason: 'outside tolerance',
    });
    expect(verifyWebhookSignature({ header, body, secret, nowSeconds: t - 301 }).ok).toBe(false);
  });

  it('refuses a tampered body, a moved timestamp and another secret', () => {
    const header = signWebhook(secret, t, body);
    const mismatch = { ok: false, reason: 'mismatch' };
    expect(verifyWebhookSignature({ header, body: body.replace('1', '2'), secret, nowSeconds: t })).toEqual(
      mismatch,
    );
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyWebhookSignature({ header: moved, body, secret, nowSeconds: t })).toEqual(mismatch);
    expect(verifyWebhookSignature({ header, body, secret: `${secret}x`, nowSeconds: t })).toEqual(mismatch);
  });

  it('accepts any matching v1 of several, and refuses malformed headers', () => {
    const good = signWebhook(secret, t, body).split(',')[1]!;
    const header = `t=${t},v1=${'0'.repeat(64)},${good}`;
    expect(verifyWebhookSignature({ header, body, secret, nowSeconds: t }).ok).toBe(true);
    for (const bad of [undefined, '', 'v1=abc', `t=${t}`, `t=soon,${good}`, `t=${t},v1=`, `t=${t},v1=zz`]) {
      expect(verifyWebhookSignature({ header: bad, body, secret, nowSeconds: t }).ok, String(bad)).toBe(
        false,
      );
    }
  });

  it('makes a new whsec_ secret each time', () => {
    const a = createEndpointSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(createEndpointSecret()).not.toBe(a);
  });
});
