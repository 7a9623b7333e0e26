import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const send = (payload: unknown, headers = {}) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers });

  it('stores a message from a visitor, trimmed', async () => {
    const res = await send({ name: ' Sam ', email: 'sam@example.com', message: 'Do you support ETH/EUR?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Sam', email: 'sam@example.com', userId: null });
  });

  it('links a signed-in sender to their account', async () => {
    const user = await signUp(t.app);
    expect((await send({ name: 'Me', email: user.email, message: 'Hello' }, user.auth)).statusCode).toBe(200);
    const rows = await t.db.select().from(contactMessages);
    expect(rows.find((r) => r.name === 'Me')?.userId).toBe(user.id);
  });

  it.each([
    [{ email: 'a@example.com', message: 'hi' }, /name/],
    [{ name: 'A', email: '', message: 'hi' }, /Email is required/],
    [{ name: 'A', email: 'nope', message: 'hi' }, /Invalid email format/],
    [{ name: 'A', email: 'a@example.com', message: '   ' }, /Message is required/],
    [{ name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) }, /at most 5000/],
  ])('refuses %o with a clear 400 and stores nothing', async (payload, message) => {
    const before = (await t.db.select().from(contactMessages)).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });
});

describe('contact rate limit', () => {
  it('answers 429 { error } once a sender exceeds the limit', async () => {
    const t = await createTestApp({
      rateLimits: { auth: { max: 100, timeWindow: 60_000 }, contact: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const payload = { name: 'A', email: 'a@example.com', message: 'hi' };
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await t.app.inject({ method: 'POST', url: '/api/contact', payload })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const limited = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(limited.json<{ error: string }>().error).toMatch(/Too many requests/);
    } finally {
      await t.close();
    }
  });
});
