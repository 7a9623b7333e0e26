import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The per-IP limits on sign-in and contact key on the client address. Unless TRUST_PROXY says a
 * proxy sits in front, X-Forwarded-For is the caller's own claim and must not change that key.
 */
const LIMITS = { auth: { max: 3, timeWindow: 60_000 }, contact: { max: 2, timeWindow: 60_000 } };

describe('TRUST_PROXY and the per-IP limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  let n = 0;
  /** A different forged client address on every call. */
  const forged = () => ({ 'x-forwarded-for': `203.0.113.${(n++ % 250) + 1}` });

  const signIn = (app: TestApp['app']) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: forged(),
      payload: { email: 'nobody@example.com', password: 'wrong-password-123' },
    });
  const contact = (app: TestApp['app']) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: forged(),
      payload: { name: 'Ann', email: 'ann@example.com', message: 'Hello there, a question.' },
    });

  it('off (default): a forged X-Forwarded-For does not escape the sign-in and contact limits', async () => {
    t = await createTestApp({ rateLimits: LIMITS });
    const signIns = [];
    for (let i = 0; i < 5; i++) signIns.push((await signIn(t.app)).statusCode);
    expect(signIns.slice(0, 3).every((code) => code !== 429)).toBe(true);
    expect(signIns.slice(3)).toEqual([429, 429]);

    const contacts = [];
    for (let i = 0; i < 4; i++) contacts.push((await contact(t.app)).statusCode);
    expect(contacts).toEqual([200, 200, 429, 429]);
  });

  it('on: each forwarded client address has its own limit', async () => {
    t = await createTestApp({ rateLimits: LIMITS, env: { TRUST_PROXY: 'true' } });
    const signIns = [];
    for (let i = 0; i < 5; i++) signIns.push((await signIn(t.app)).statusCode);
    expect(signIns).not.toContain(429);
    const contacts = [];
    for (let i = 0; i < 4; i++) contacts.push((await contact(t.app)).statusCode);
    expect(contacts).toEqual([200, 200, 200, 200]);

    // The same forwarded address is still limited.
    const same = { 'x-forwarded-for': '198.51.100.7' };
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: same,
        payload: { name: 'Bo', email: 'bo@example.com', message: 'Hello there, again.' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
  });

  it('a proxy list trusts the header only from those proxies', async () => {
    t = await createTestApp({ rateLimits: LIMITS, env: { TRUST_PROXY: '10.9.9.9' } });
    // app.inject connects from 127.0.0.1, which is not in the list: the header is ignored.
    const contacts = [];
    for (let i = 0; i < 3; i++) contacts.push((await contact(t.app)).statusCode);
    expect(contacts).toEqual([200, 200, 429]);
  });

  it('a hop count of 1 believes the address the one proxy in front adds', async () => {
    t = await createTestApp({ rateLimits: LIMITS, env: { TRUST_PROXY: '1' } });
    const contacts = [];
    for (let i = 0; i < 3; i++) contacts.push((await contact(t.app)).statusCode);
    expect(contacts).toEqual([200, 200, 200]);
  });
});
