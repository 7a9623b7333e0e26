/**
 * Notification mail through a loopback SMTP server, as a mail client reads it: a closed trade and
 * a withdrawal decision are mailed with a link into the app and a one-click unsubscribe link (and
 * its List-Unsubscribe headers); the link turns that kind off, a tampered one changes nothing;
 * a trader who turned a kind off gets none; and a mail server that goes away is retried with
 * backoff until the send is given up, while the app keeps serving.
 */
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptOfferResponseSchema, type Trade } from '../../../contract';
import { emailSettings, notificationSends, user } from '../../db/schema';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../providers/mail/testing/fake-smtp-server';
import { mailTo } from '../../providers/mail/testing/mailbox';
import type { TestUser } from '../../testing/test-app';
import { fundUser, postWithdrawal } from '../payments/testing/payments-helpers';
import { createTradingWorld, type TradingWorld } from '../trading/testing/trading-fixture';
import { SEND_MAX_ATTEMPTS, retryDelayMs } from './notification-sends';

const PUBLIC_URL = 'https://signals.example.com';

let smtp: FakeSmtpServer;
let w: TradingWorld;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  w = await createTradingWorld({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
}, 60_000);
afterAll(async () => {
  await w.close();
  await smtp.close();
});

const inject = (user: TestUser | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload && { payload }) });

/** Waits for the trader's bell to show a notification of `kind`, then for every channel's part. */
async function notified(trader: TestUser, kind: string): Promise<void> {
  await vi.waitFor(async () => {
    const bell = (await inject(trader, 'GET', '/api/notifications')).json<{ data: { kind: string }[] }>();
    expect(bell.data.map((n) => n.kind)).toContain(kind);
  });
  await w.t.app.notifications.settled();
}

const mailsTo = (trader: TestUser, subject: string): ParsedMail[] =>
  smtp.messages.filter((m) => mailTo(m) === trader.email && m.subject === subject);

/** The "label: url" link of a message's plain text. */
function linkIn(message: ParsedMail, label: string): URL {
  const url = new RegExp(`${label}: (\\S+)`).exec(message.text ?? '')?.[1];
  expect(url, message.text).toBeDefined();
  return new URL(url!);
}

/** A trade of the trader's, opened and closed at its auto-close profit by the trade monitor. */
let liveOffer: string | null = null;
async function closeATrade(trader: TestUser): Promise<Trade> {
  w.market.setPrice('BTC/USD', 50_000);
  // One live offer per pair and position: every trader takes the same one.
  const offerId = (liveOffer ??= await w.offer('BTC/USD'));
  const accepted = await w.accept(trader, offerId, { entryAmount: 100, autoCloseProfitPercent: 1 });
  expect(accepted.statusCode, accepted.body).toBe(200);
  w.market.setPrice('BTC/USD', 51_500);
  await w.t.app.worker.runNow('trade-monitor');
  await notified(trader, 'trade.closed');
  return acceptOfferResponseSchema.parse(accepted.json()).trade;
}

/** A trader whose withdrawal the admin rejected through the API. */
async function rejectedWithdrawal(trader: TestUser): Promise<void> {
  // With a mail server configured, only a verified address may withdraw.
  await w.t.db.update(user).set({ emailVerified: true }).where(eq(user.id, trader.id));
  await fundUser(w.t.app, trader, 100);
  const asked = await postWithdrawal(w.t.app, trader, 40);
  expect(asked.statusCode, asked.body).toBe(200);
  const id = asked.json<{ payment: { id: string } }>().payment.id;
  const decided = await inject(w.admin, 'POST', `/api/admin/reject-withdrawal/${id}`, {
    reason: 'Card expired',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  await notified(trader, 'withdrawal.rejected');
}

describe('notification mail', () => {
  it('mails a closed trade with a link into the app and a one-click unsubscribe', async () => {
    const alice = await w.trader('Alice');
    await closeATrade(alice);
    expect(await w.t.app.notificationMail.sendDue()).toMatchObject({ sent: 1, failed: 0 });

    const [mail] = mailsTo(alice, 'Trade closed: BTC/USD — HeatSignal');
    expect(mail, smtp.messages.map((m) => m.subject).join(', ')).toBeDefined();
    expect(mail!.text).toMatch(/^\+\d+\.\d{2}% on \$100\.00 \(auto-close profit reached\)/);
    expect(linkIn(mail!, 'Open HeatSignal').href).toBe(`${PUBLIC_URL}/trades`);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/trades"`);
    const unsubscribe = linkIn(mail!, 'Stop trade closed emails');
    expect(unsubscribe.origin + unsubscribe.pathname).toBe(`${PUBLIC_URL}/api/notifications/unsubscribe`);
    // The headers a mail client turns into its own unsubscribe button (RFC 2369, RFC 8058).
    expect(mail!.headers.get('list')).toEqual({
      unsubscribe: { url: unsubscribe.href },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    // Sent once: a second run finds nothing due.
    expect(await w.t.app.notificationMail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('mails a decided withdrawal, and its link turns withdrawal mail off (a tampered one changes nothing)', async () => {
    const bob = await w.trader('Bob', 0);
    await rejectedWithdrawal(bob);
    await w.t.app.notificationMail.sendDue();
    const [mail] = mailsTo(bob, 'Withdrawal rejected — HeatSignal');
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('$40.00 is back in your balance. Reason: Card expired');
    expect(linkIn(mail!, 'Open HeatSignal').href).toBe(`${PUBLIC_URL}/payments`);
    const link = linkIn(mail!, 'Stop withdrawal emails');
    const token = link.searchParams.get('token')!;
    const url = `${link.pathname}?token=`;

    const settings = () => inject(bob, 'GET', '/api/notifications/email-settings');
    for (const forged of [
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      token.replace('.withdrawals.', '.digest.'),
      `${token}x`,
      'not-a-token',
    ]) {
      const refused = await inject(null, 'GET', `${url}${encodeURIComponent(forged)}`);
      expect(refused.statusCode, forged).toBe(400);
      expect(Object.keys(refused.json<object>())).toEqual(['error']);
      expect((await inject(null, 'POST', `${url}${encodeURIComponent(forged)}`)).statusCode).toBe(400);
    }
    expect((await settings()).json()).toEqual({ tradeClosed: true, withdrawals: true, digest: true });

    // A link checker's HEAD only looks.
    expect((await w.t.app.inject({ method: 'HEAD', url: link.pathname + link.search })).statusCode).toBe(200);
    expect((await settings()).json()).toMatchObject({ withdrawals: true });

    const page = await inject(null, 'GET', link.pathname + link.search);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('You will no longer get withdrawal emails');
    expect((await settings()).json()).toEqual({ tradeClosed: true, withdrawals: false, digest: true });

    // And no more withdrawal mail for Bob.
    const before = smtp.messages.length;
    await rejectedWithdrawal(bob);
    await w.t.app.notificationMail.sendDue();
    expect(smtp.messages.slice(before).filter((m) => mailTo(m) === bob.email)).toEqual([]);
  });

  it("answers a mail client's one-click POST (RFC 8058) and turns that kind off", async () => {
    const cleo = await w.trader('Cleo');
    await closeATrade(cleo);
    await w.t.app.notificationMail.sendDue();
    const [mail] = mailsTo(cleo, 'Trade closed: BTC/USD — HeatSignal');
    const link = linkIn(mail!, 'Stop trade closed emails');
    const res = await w.t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await inject(cleo, 'GET', '/api/notifications/email-settings')).json()).toMatchObject({
      tradeClosed: false,
    });
  });

  it('queues no mail for a trader who turned that kind off in Settings (the bell still tells them)', async () => {
    const dora = await w.trader('Dora');
    const saved = await inject(dora, 'PUT', '/api/notifications/email-settings', {
      tradeClosed: false,
      withdrawals: true,
      digest: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await closeATrade(dora);
    expect(
      await w.t.db.select().from(notificationSends).where(eq(notificationSends.userId, dora.id)),
    ).toEqual([]);
    await w.t.app.notificationMail.sendDue();
    expect(smtp.messages.filter((m) => mailTo(m) === dora.email && m.subject?.startsWith('Trade'))).toEqual(
      [],
    );
    const [row] = await w.t.db.select().from(emailSettings).where(eq(emailSettings.userId, dora.id));
    expect(row).toMatchObject({ tradeClosed: false, withdrawals: true, digest: true });
  });

  it('retries while the mail server is down, gives up after the last attempt, and keeps serving', async () => {
    const erin = await w.trader('Erin');
    await closeATrade(erin);
    await smtp.close();
    let at = Date.now();
    const runAt = () => w.t.app.notificationMail.sendDue({ now: () => new Date(at) });

    for (let attempt = 1; attempt < SEND_MAX_ATTEMPTS; attempt += 1) {
      expect(await runAt()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await w.t.db
        .select()
        .from(notificationSends)
        .where(eq(notificationSends.userId, erin.id));
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      expect(row!.error).toMatch(/^The mail server refused or could not be reached: .*ECONNREFUSED/);
      expect(row!.error).not.toContain('mail-password');
      // Not due again before its backoff has passed.
      expect(row!.nextAttemptAt.getTime()).toBe(at + retryDelayMs(attempt));
      at += retryDelayMs(attempt) - 1;
      expect(await runAt()).toEqual({ sent: 0, retried: 0, failed: 0 });
      at += 1;
    }
    expect(await runAt()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await w.t.db.select().from(notificationSends).where(eq(notificationSends.userId, erin.id));
    expect(row).toMatchObject({ status: 'failed', attempts: SEND_MAX_ATTEMPTS, sentAt: null });
    expect(await runAt()).toEqual({ sent: 0, retried: 0, failed: 0 });

    // The failure is a state an admin can see (System Health's mail line), and the app goes on.
    expect(w.t.app.mailer.status().lastFailure?.error).toMatch(/ECONNREFUSED/);
    expect((await inject(erin, 'GET', '/api/notifications')).statusCode).toBe(200);
  });
});
