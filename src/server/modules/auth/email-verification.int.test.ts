/**
 * Issue #18's email verification through HTTP, with real mail: sign-up mails a link, the link
 * verifies the address at once on every process, and where mail really leaves (SMTP_URL) a
 * withdrawal waits for it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeSmtpServer } from '../../providers/mail/testing/fake-smtp-server';
import { linkSent } from '../../providers/mail/testing/mailbox';
import { createMailTestApp, type MailTestApp } from '../../testing/mail-test-app';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { balanceOf, fundUser, postWithdrawal } from '../payments/testing/payments-helpers';
import { UNVERIFIED_WITHDRAWAL } from '../payments/payments.routes';

const PUBLIC_URL = 'http://localhost:3000';
const SUBJECT = 'Verify your email address — HeatSignal';

interface MeFlags {
  emailVerified: boolean;
  emailVerificationRequired: boolean;
}

describe('email verification with a mail server', () => {
  let mail: MailTestApp;
  let smtp: FakeSmtpServer;
  let t: TestApp;
  let trader: TestUser;

  beforeAll(async () => {
    mail = await createMailTestApp('Vera Verify', PUBLIC_URL);
    ({ t, smtp, user: trader } = mail);
  });
  afterAll(() => mail.close());

  const linkSentTo = (to: string, count: number) =>
    linkSent(smtp.messages, { to, subject: SUBJECT, label: 'Verify my address', count });
  const me = async (user: TestUser) =>
    (await t.app.inject({ url: '/api/me', headers: user.auth })).json<MeFlags>();
  const verify = (token: string) =>
    t.app.inject({ url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
  const resend = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email }, headers });

  it('mails a link on sign-up; until it is opened, withdrawals are refused and nothing moves', async () => {
    const link = await linkSentTo(trader.email, 1);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/verify-email`);
    expect(await me(trader)).toMatchObject({ emailVerified: false, emailVerificationRequired: true });

    await fundUser(t.app, trader, 100);
    const refused = await postWithdrawal(t.app, trader, 40);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: UNVERIFIED_WITHDRAWAL });
    expect((await balanceOf(t.app, trader)).balance).toBe(100);
  });

  it('verifies the address with the link, at once for the cached session, and withdrawals go through', async () => {
    const token = (await linkSentTo(trader.email, 1)).searchParams.get('token')!;
    expect((await me(trader)).emailVerified).toBe(false);
    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: true });
    expect((await me(trader)).emailVerified).toBe(true);

    const withdrawal = await postWithdrawal(t.app, trader, 40);
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    // Opening the link again changes nothing and says so without an error.
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('sends the link again on request, and says when the address is already verified', async () => {
    const other = await signUp(t.app, 'Rex Resend');
    await linkSentTo(other.email, 1);
    expect((await resend(other.email, other.auth)).statusCode).toBe(200);
    const token = (await linkSentTo(other.email, 2)).searchParams.get('token')!;
    expect((await verify(token)).statusCode).toBe(200);

    const again = await resend(other.email, other.auth);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Email is already verified' });
    const someoneElses = await resend(trader.email, other.auth);
    expect(someoneElses.statusCode).toBe(400);
    expect(someoneElses.json()).toEqual({ error: 'Email mismatch' });
  });

  it('answers a signed-out resend the same for any address, and mails an address at most five times an hour', async () => {
    const unverified = await signUp(t.app, 'Una Unverified');
    await linkSentTo(unverified.email, 1);
    const known = await resend(unverified.email);
    const unknown = await resend('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await linkSentTo(unverified.email, 2);

    for (let i = 0; i < 4; i++)
      expect((await resend(unverified.email, unverified.auth)).statusCode).toBe(200);
    const refused = await resend(unverified.email.toUpperCase(), unverified.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too many verification mails for this address, please try again in 60 minutes',
    });
    await linkSentTo(unverified.email, 6);
    // The reset limit counts apart: a reset mail can still be asked for.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: unverified.email },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses a forged or expired link and changes nothing', async () => {
    const late = await signUp(t.app, 'Lou Late');
    const token = (await linkSentTo(late.email, 1)).searchParams.get('token')!;
    const forged = await verify(`${token.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'Invalid token' });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60_000 });
    try {
      const expired = await verify(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ error: 'Token expired' });
    } finally {
      vi.useRealTimers();
    }
    expect((await me(late)).emailVerified).toBe(false);
  });
});

describe('email verification on the embedded outbox', () => {
  it('is offered but not required: an unverified address can withdraw', async () => {
    const t = await createTestApp();
    try {
      const trader = await signUp(t.app, 'Olga Outbox');
      expect((await t.app.inject({ url: '/api/me', headers: trader.auth })).json<MeFlags>()).toMatchObject({
        emailVerified: false,
        emailVerificationRequired: false,
      });
      await fundUser(t.app, trader, 50);
      const withdrawal = await postWithdrawal(t.app, trader, 20);
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    } finally {
      await t.close();
    }
  });
});
