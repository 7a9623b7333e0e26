/**
 * The daily digest on a fixed clock, through a loopback SMTP server: it lists the offers a trader
 * was told of since their last digest, goes at most once per 24 h and only when there is something
 * new, skips traders who turned it off (or `newOffer`), and its own link turns it off.
 */
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskLevel } from '../../../contract/enums';
import { notifications } from '../../db/schema';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../providers/mail/testing/fake-smtp-server';
import { mailTo } from '../../providers/mail/testing/mailbox';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { seedOffer, seedPair } from '../offers/testing/market-fixtures';

const HOUR = 3_600_000;
const PUBLIC_URL = 'https://signals.example.com';

let smtp: FakeSmtpServer;
let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  ann = await signUp(t.app, 'Ann');
  ben = await signUp(t.app, 'Ben');
  cat = await signUp(t.app, 'Cat');
  const put = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: user.auth, payload });
  expect(
    (
      await put(ben, '/api/notifications/email-settings', {
        tradeClosed: true,
        withdrawals: true,
        digest: false,
      })
    ).statusCode,
  ).toBe(200);
  // Cat hears of high-risk offers in the bell, but asked for no new-offer news: no digest.
  expect(
    (
      await put(cat, '/api/users/preferences', {
        notificationPrefs: { newOffer: false, tradeClose: true, highRisk: true, lowSuccess: false },
      })
    ).statusCode,
  ).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Publishes an offer on a new pair as the offers module announces it, and waits for its notifications. */
async function publish(pair: string, riskLevel: RiskLevel = 'medium'): Promise<void> {
  const pairId = await seedPair(t.db, pair);
  const offerId = await seedOffer(t.db, { pairId, riskLevel, successRate: 80, expectedProfitPercent: 3 });
  await t.app.events.emit('offers_changed', {
    offerId,
    created: true,
    refreshedIds: [],
    movedEnds: [],
    skippedBecause: null,
  });
  await t.app.notifications.settled();
}

const digestAt = (at: number) => t.app.notificationMail.sendDigests({ now: () => new Date(at) });
const digestsTo = (user: TestUser): ParsedMail[] =>
  smtp.messages.filter((m) => mailTo(m) === user.email && /new offers? matching/.test(m.subject ?? ''));

describe('the daily digest', () => {
  it('lists the offers since the last digest, at most once a day, and stops at its link', async () => {
    await publish('BTC/USD');
    await publish('SOL/USD');
    await publish('ETH/USD', 'high');
    const first = Date.now();
    expect(await digestAt(first)).toEqual({ sent: 1, failed: 0 });

    const [mail] = digestsTo(ann);
    expect(mail?.subject).toBe('2 new offers matching your preferences — HeatSignal');
    expect(mail!.text).toContain(
      'These 2 offers matching your preferences were published since your last digest:',
    );
    expect(mail!.text).toMatch(/^- SOL\/USD long: heat 60, success 80%, expected \+3\.00%, medium risk$/m);
    expect(mail!.text).toMatch(/^- BTC\/USD long: heat 60, success 80%, expected \+3\.00%, medium risk$/m);
    expect(mail!.text).toContain(`See the offers: ${PUBLIC_URL}/offers`);
    expect(mail!.headers.get('list')).toMatchObject({
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    // Ben turned the digest off; Cat was told of the high-risk offer but wants no new-offer news.
    expect(digestsTo(ben)).toEqual([]);
    expect(digestsTo(cat)).toEqual([]);

    // Nothing new: nothing sent, however often it is checked.
    expect(await digestAt(first + 2 * HOUR)).toEqual({ sent: 0, failed: 0 });
    await publish('XRP/USD');
    // Something new, but the last digest went less than 24 h ago.
    expect(await digestAt(first + 23 * HOUR)).toEqual({ sent: 0, failed: 0 });
    expect(await digestAt(first + 24 * HOUR)).toEqual({ sent: 1, failed: 0 });
    const second = digestsTo(ann).at(-1)!;
    expect(digestsTo(ann)).toHaveLength(2);
    expect(second.subject).toBe('1 new offer matching your preferences — HeatSignal');
    expect(second.text).toMatch(/^- XRP\/USD long/m);
    expect(second.text).not.toContain('BTC/USD');

    // The digest's own link turns it off: no third digest, whatever is new.
    const link = new URL(/Stop the daily digest of new offers: (\S+)/.exec(second.text ?? '')![1]!);
    expect((await t.app.inject({ url: link.pathname + link.search })).statusCode).toBe(200);
    await publish('ADA/USD');
    // Told of after the last digest on the test's clock (else it would be too old to list).
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(first + 30 * HOUR) })
      .where(eq(notifications.title, 'New offer: ADA/USD'));
    expect(await digestAt(first + 48 * HOUR)).toEqual({ sent: 0, failed: 0 });
    expect(digestsTo(ann)).toHaveLength(2);
  });
});
