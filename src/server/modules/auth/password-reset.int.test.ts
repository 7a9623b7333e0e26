/**
 * Issue #18's password reset through HTTP, with real mail: the link arrives at a loopback SMTP
 * server, and the API answers the same whether or not the address has an account.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeSmtpServer } from '../../providers/mail/testing/fake-smtp-server';
import { linkSent, mailTo } from '../../providers/mail/testing/mailbox';
import { createMailTestApp, type MailTestApp } from '../../testing/mail-test-app';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { freePort } from '../../testing/free-port';

const PUBLIC_URL = 'http://localhost:3000';
const NEW_PASSWORD = 'a-brand-new-passphrase';
const RESET_SUBJECT = 'Reset your password — HeatSignal';

describe('password reset by mail', () => {
  let mail: MailTestApp;
  let smtp: FakeSmtpServer;
  let t: TestApp;
  let trader: TestUser;

  beforeAll(async () => {
    mail = await createMailTestApp('Rosa Reset', PUBLIC_URL);
    ({ t, smtp, user: trader } = mail);
  });
  afterAll(() => mail.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const requestReset = (email: string) =>
    post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  const signIn = (password: string) => post('/api/auth/sign-in/email', { email: trader.email, password });

  /** The link in the newest reset mail to `to`, once `count` of them have arrived. */
  const linkSentTo = (to: string, count: number) =>
    linkSent(smtp.messages, { to, subject: RESET_SUBJECT, label: 'Choose a new password', count });
  const resetMails = () => smtp.messages.filter((m) => m.subject === RESET_SUBJECT);

  it('answers an unknown address exactly as a known one, and mails only the account', async () => {
    const known = await requestReset(trader.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const link = await linkSentTo(trader.email, 1);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    expect(link.searchParams.get('token')).toMatch(/^\S{16,}$/);
    expect(smtp.messages.map(mailTo)).not.toContain('nobody-here@example.com');
    expect(resetMails()).toHaveLength(1);
  });

  it('sets the new password once, ends every session at once, and the link works no more', async () => {
    await requestReset(trader.email);
    const token = (await linkSentTo(trader.email, 2)).searchParams.get('token')!;
    expect((await t.app.inject({ url: '/api/me', headers: trader.auth })).statusCode).toBe(200);

    const reset = await post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.statusCode).toBe(200);
    // The old session was cached for this token a moment ago: the reset evicts it.
    expect((await t.app.inject({ url: '/api/me', headers: trader.auth })).statusCode).toBe(401);
    expect((await signIn('correct-horse-battery')).statusCode).toBe(401);
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { newPassword: 'yet-another-passphrase', token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Invalid token' });
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails an address at most five times an hour, known or not, and says when to try again', async () => {
    const known = await signUp(t.app, 'Lena Limit');
    const sentBefore = resetMails().length;
    for (const email of [known.email, 'ghost-address@example.com']) {
      for (let i = 0; i < 5; i++) expect((await requestReset(email)).statusCode).toBe(200);
      const refused = await requestReset(email.toUpperCase());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Too many reset requests for this address, please try again in 60 minutes',
      });
    }
    await linkSentTo(known.email, 5);
    expect(resetMails().length - sentBefore).toBe(5);
    expect((await requestReset('someone-else@example.com')).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60 * 60_000 });
    try {
      expect((await requestReset(known.email)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    await linkSentTo(known.email, 6);
  });

  it('refuses a link older than one hour', async () => {
    await requestReset(trader.email);
    const token = (await linkSentTo(trader.email, 3)).searchParams.get('token')!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    try {
      const late = await post('/api/auth/reset-password', { newPassword: 'too-late-passphrase', token });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ error: 'Invalid token' });
    } finally {
      vi.useRealTimers();
    }
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset without a mail server (the embedded outbox)', () => {
  it('keeps the message in DATA_DIR/outbox, with the link to open', async () => {
    const t = await createTestApp();
    try {
      const trader = await signUp(t.app, 'Otto Outbox');
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: trader.email, redirectTo: '/reset-password' },
      });
      expect(asked.statusCode).toBe(200);
      const outbox = path.join(t.app.config.dataDir, 'outbox');
      // The sign-up's verification mail, then the reset mail.
      const kept = await vi.waitFor(async () => {
        const files = existsSync(outbox) ? readdirSync(outbox) : [];
        expect(files).toHaveLength(2);
        const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(outbox, f)))));
        return parsed.find((m) => m.subject === RESET_SUBJECT)!;
      });
      expect(mailTo(kept)).toBe(trader.email);
      expect(kept.text).toMatch(/Choose a new password: http:\/\/localhost:3000\/reset-password\?token=\S+/);
      const health = await t.app.inject({ url: '/api/admin/system-health', headers: trader.auth });
      expect(health.json<{ mail: { transport: string } }>().mail.transport).toBe('outbox');
    } finally {
      await t.close();
    }
  });
});

describe('password reset while the mail server is down', () => {
  it('answers as always, keeps serving, and System Health shows why the mail failed', async () => {
    // Nothing listens there: connecting is refused at once.
    const port = await freePort();
    const t = await createTestApp({ env: { SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${port}` } });
    try {
      const admin = await signUp(t.app, 'Ada Admin');
      const health = async () =>
        (await t.app.inject({ url: '/api/admin/system-health', headers: admin.auth })).json<{
          mail: { transport: string; lastSentAt: string | null; lastFailure: { error: string } | null };
        }>().mail;
      const ask = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email, redirectTo: '/reset-password' },
        });
      const known = await ask(admin.email);
      const unknown = await ask('nobody-at-all@example.com');
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      // Every mail fails: the sign-up's verification and the known address's reset.
      const failure = await vi.waitFor(async () => {
        const { lastFailure, lastSentAt } = await health();
        expect(lastFailure).not.toBeNull();
        expect(lastSentAt).toBeNull();
        return lastFailure!;
      });
      expect(failure.error).toMatch(/^The mail server refused or could not be reached: .*ECONNREFUSED/);
      expect(failure.error).not.toContain('s3cret-pass');
      expect((await t.app.inject({ url: '/api/me', headers: admin.auth })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
