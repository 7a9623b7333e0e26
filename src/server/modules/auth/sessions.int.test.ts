/**
 * Issue #18's sessions and credentials through HTTP: the caller's own sessions listed and ended
 * (never anyone else's), a changed password ending the others, and a changed address taking
 * effect only once the link mailed to it is opened.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../contract/sessions';
import { linkSent, mailTo } from '../../providers/mail/testing/mailbox';
import { createMailTestApp, type MailTestApp } from '../../testing/mail-test-app';
import { signUp, type TestUser } from '../../testing/test-app';
import { signInWithPassword, TEST_PASSWORD, withToken } from './testing/two-factor';

const PUBLIC_URL = 'http://localhost:3000';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let mail: MailTestApp;
beforeAll(async () => {
  mail = await createMailTestApp('Sid Sessions', PUBLIC_URL);
});
afterAll(() => mail.close());

const app = () => mail.t.app;
const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app().inject({ method, url, payload, headers: user.auth });
const listOf = async (user: TestUser) =>
  (await call(user, 'GET', '/api/account/sessions')).json<{ sessions: AccountSession[] }>().sessions;

/** Another session of the same account, signed in from a named browser. */
async function anotherSession(user: TestUser, userAgent = CHROME_ON_LINUX): Promise<TestUser> {
  const response = await app().inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  return withToken(user, response);
}

describe('your sessions', () => {
  it('lists your sessions with their device, address and last activity, and marks this one', async () => {
    const user = await signUp(app(), 'Lia List');
    const laptop = await anotherSession(user);
    const sessions = await listOf(user);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect(other.device).toBe('Chrome 131 on Linux');
    expect(other.ipAddress).toBe('127.0.0.1');
    expect(Date.parse(other.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await listOf(laptop)).find((s) => s.current)?.id).toBe(other.id);
  });

  it('keeps the last activity to within five minutes', async () => {
    const user = await signUp(app(), 'Ava Active');
    await mail.t.db.execute(
      sql`update session set updated_at = now() - interval '2 hours' where user_id = ${user.id}`,
    );
    // A token whose viewer is not cached: its next request reads the session and marks it active.
    const fresh = await anotherSession(user);
    await mail.t.db.execute(
      sql`update session set updated_at = now() - interval '2 hours' where user_id = ${user.id}`,
    );
    expect((await call(fresh, 'GET', '/api/me')).statusCode).toBe(200);
    const mine = (await listOf(fresh)).find((s) => s.current)!;
    expect(Date.parse(mine.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends one session at once, and never one of someone else', async () => {
    const user = await signUp(app(), 'Rex Revoke');
    const phone = await anotherSession(user);
    const stranger = await signUp(app(), 'Stan Stranger');
    const phoneId = (await listOf(phone)).find((s) => s.current)!.id;
    expect((await call(phone, 'GET', '/api/me')).statusCode).toBe(200);

    const refused = await call(stranger, 'DELETE', `/api/account/sessions/${phoneId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'Session not found' });
    expect((await call(phone, 'GET', '/api/me')).statusCode).toBe(200);

    const ended = await call(user, 'DELETE', `/api/account/sessions/${phoneId}`);
    expect(ended.json()).toEqual({ revoked: 1 });
    // Its viewer was cached a moment ago: the revocation evicts it.
    expect((await call(phone, 'GET', '/api/me')).statusCode).toBe(401);
    expect(await listOf(user)).toHaveLength(1);
  });

  it('ends every other session and keeps this one', async () => {
    const user = await signUp(app(), 'Ola Others');
    const others = [await anotherSession(user), await anotherSession(user, 'curl/8.5.0')];
    expect((await listOf(user)).map((s) => s.device)).toContain('curl/8.5.0');
    const ended = await call(user, 'POST', '/api/account/sessions/revoke-others');
    expect(ended.json()).toEqual({ revoked: 2 });
    for (const other of others) expect((await call(other, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(user, 'GET', '/api/me')).statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  it('needs the current one, then ends every other session even if asked not to', async () => {
    const user = await signUp(app(), 'Pia Password');
    const other = await anotherSession(user);
    const change = (currentPassword: string) =>
      call(user, 'POST', '/api/auth/change-password', {
        currentPassword,
        newPassword: 'a-fresh-passphrase',
        revokeOtherSessions: false,
      });
    const wrong = await change('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Invalid password' });
    expect((await call(other, 'GET', '/api/me')).statusCode).toBe(200);

    const changed = await change(TEST_PASSWORD);
    expect(changed.statusCode).toBe(200);
    const renewed = withToken(user, changed);
    expect((await call(renewed, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await signInWithPassword(app(), user.email)).response.statusCode).toBe(401);
  });
});

describe('changing the email address', () => {
  const SUBJECT = 'Verify your email address — HeatSignal';

  it('mails the new address, and changes it only once that link is opened', async () => {
    const user = await signUp(app(), 'Eve Email');
    const newEmail = `eve-new-${Date.now()}@example.com`;
    const asked = await call(user, 'POST', '/api/auth/change-email', { newEmail });
    expect(asked.statusCode).toBe(200);
    const me = async () =>
      (await call(user, 'GET', '/api/me')).json<{ email: string; emailVerified: boolean }>();
    expect((await me()).email).toBe(user.email);

    const link = await linkSent(mail.smtp.messages, {
      to: newEmail,
      subject: SUBJECT,
      label: 'Verify my address',
      count: 1,
    });
    const opened = await call(user, 'GET', `/api/auth/verify-email?token=${link.searchParams.get('token')}`);
    expect(opened.statusCode).toBe(200);
    expect(await me()).toMatchObject({ email: newEmail, emailVerified: true });
    const { response } = await signInWithPassword(app(), newEmail);
    expect(response.statusCode).toBe(200);
  });

  it("answers an address that is someone else's like any other, and mails nobody", async () => {
    const user = await signUp(app(), 'Ian Taken');
    const before = mail.smtp.messages.length;
    const freeEmail = `free-${Date.now()}@example.com`;
    const taken = await call(user, 'POST', '/api/auth/change-email', { newEmail: mail.user.email });
    const free = await call(user, 'POST', '/api/auth/change-email', { newEmail: freeEmail });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(free.json());
    const bad = await call(user, 'POST', '/api/auth/change-email', { newEmail: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'newEmail: Invalid email format' });
    // The free address's link left after the taken one would have: nothing went to the taken one.
    await linkSent(mail.smtp.messages, {
      to: freeEmail,
      subject: SUBJECT,
      label: 'Verify my address',
      count: 1,
    });
    const sent = mail.smtp.messages.slice(before).map(mailTo);
    // Ian's own sign-up mail may land in this window too; nothing else may.
    expect(sent.filter((to) => to !== user.email)).toEqual([freeEmail]);
  });
});
