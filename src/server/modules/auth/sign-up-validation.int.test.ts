import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as users } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';

describe('sign-up input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const signUpWith = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: payload as object });
  const good = { name: 'Lin', email: 'lin@example.com', password: 'long-enough-pw' };

  it.each([
    ['a missing email', { ...good, email: undefined }, /email/i],
    ['an address that is not one', { ...good, email: 'not-an-email' }, /Invalid email format/],
    ['a 7-character password', { ...good, password: 'short12' }, /at least 8 characters/],
    ['a 129-character password', { ...good, password: 'x'.repeat(129) }, /at most 128 characters/],
    ['a blank name', { ...good, name: '   ' }, /Name is required/],
    ['a number for the email', { ...good, email: 42 }, /email/i],
    ['an array body', [good], /expected object/i],
    ['a bad username', { ...good, username: 'a b' }, /Username must be/],
  ])('refuses %s with 400 and creates nothing', async (_label, payload, message) => {
    const res = await signUpWith(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('refuses malformed JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x@example.com",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON body' });
  });

  it('refuses a second account with the same email', async () => {
    expect((await signUpWith(good)).statusCode).toBe(200);
    const again = await signUpWith({ ...good, name: 'Other' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(again.json<{ error: string }>().error).toMatch(/exists/i);
  });

  it('keeps a chosen username and refuses it to the next account', async () => {
    const first = await signUpWith({
      name: 'Kai',
      email: 'kai@example.com',
      password: 'long-enough-pw',
      username: 'kai_trades',
    });
    expect(first.statusCode).toBe(200);
    const taken = await signUpWith({
      name: 'Kai 2',
      email: 'kai2@example.com',
      password: 'long-enough-pw',
      username: 'kai_trades',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Username is already taken' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${String(first.headers['set-auth-token'])}` },
    });
    expect(me.json<{ username: string }>().username).toBe('kai_trades');
  });

  it('derives a username from the email when none is chosen', async () => {
    const user = await signUp(t.app, 'Derived Name');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: user.auth });
    expect(me.json<{ username: string }>().username).toBe(user.email.split('@')[0]);
  });
});
