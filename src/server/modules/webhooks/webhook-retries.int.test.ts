/**
 * Failing receivers, on a fixed clock: a delivery refused with 500 is retried after 1 then 2
 * minutes and delivered; an endpoint that keeps failing is probed ever less often and disabled
 * after 10 failed attempts in a row, with the reason its owner reads; one event a receiver keeps
 * refusing is given up after 24 h without disabling an endpoint that takes the others; an offer
 * that expired meanwhile is not sent at all.
 *
 * The app's routes and channel handler queue as in production; the sending loop runs from a
 * service over the same database whose clock the test moves.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../../../contract/webhooks';
import type { ListNotificationsResponse } from '../../../contract/notifications';
import { createTestApp, signUp, TEST_AUTH_SECRET, type TestApp, type TestUser } from '../../testing/test-app';
import { seedOffer, seedPair, type OfferSpec } from '../offers/testing/market-fixtures';
import { startReceiver, type Receiver } from './testing/receiver';
import { createWebhooksService, type WebhooksService } from './webhooks.service';

const MINUTE = 60_000;
let t: TestApp;
let alice: TestUser;
let receiver: Receiver;
let clock: number;
let sender: WebhooksService;
const logLines: string[] = [];
const pairIds = new Map<string, number>();

const api = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> => {
  const res = await t.app.inject({ method, url, headers: alice.auth, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const deliveries = async (endpointId: string) =>
  (await api<{ deliveries: WebhookDelivery[] }>('GET', `/api/webhooks/${endpointId}/deliveries`)).deliveries;
const endpointOf = async (id: string) =>
  (await api<{ endpoints: WebhookEndpoint[] }>('GET', '/api/webhooks')).endpoints.find((e) => e.id === id)!;

async function newEndpoint(path: string): Promise<WebhookEndpoint> {
  const created = await api<WebhookEndpointWithSecret>('POST', '/api/webhooks', {
    url: `${receiver.origin}${path}`,
    format: 'heatsignal',
    events: ['offer.created'],
  });
  receiver.secret = created.secret;
  return created.endpoint;
}

async function publishOffer(pair: string, spec: Partial<OfferSpec> = {}): Promise<string> {
  if (!pairIds.has(pair)) pairIds.set(pair, await seedPair(t.db, pair));
  const offerId = await seedOffer(t.db, {
    pairId: pairIds.get(pair)!,
    positionType: 'long',
    successRate: 75,
    expectedProfitPercent: 3,
    ...spec,
  });
  await t.app.events.emit('offers_changed', {
    offerId,
    created: true,
    refreshedIds: [],
    movedEnds: [],
    skippedBecause: null,
  });
  await t.app.notifications.settled();
  return offerId;
}

/** One run of the sending loop at `at` (ms). */
async function runAt(at: number): Promise<void> {
  clock = at;
  await sender.sendDue();
}
const sentTo = (path: string) => receiver.received.filter((r) => r.path === path);

beforeAll(async () => {
  t = await createTestApp({
    env: { ALLOW_PRIVATE_FEEDS: 'true', LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  await signUp(t.app, 'Admin');
  alice = await signUp(t.app, 'Alice');
  receiver = await startReceiver();
  receiver.nowSeconds = () => Math.floor(clock / 1000);
  clock = Date.now() + 1000;
  sender = createWebhooksService({
    db: t.db,
    authSecret: TEST_AUTH_SECRET,
    publicUrl: 'http://localhost:3000',
    allowPrivate: true,
    preferences: t.app.preferences,
    // As the plugin wires it: the owner hears of it through the notifications module.
    onDisabled: (userId, webhook) =>
      void t.app.events.emit('user_event', { userId, subject: { kind: 'webhook.disabled', webhook } }),
    log: t.app.log,
    now: () => new Date(clock),
  });
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('retries', () => {
  // Deliveries are queued on the app's real clock: each scenario starts from it.
  beforeEach(() => {
    clock = Date.now() + 1000;
  });

  it('retries a 500 after 1 minute, then after 2, and then delivers, signed at each attempt', async () => {
    const endpoint = await newEndpoint('/flaky');
    let answers = [500, 500, 200];
    receiver.respond = () => answers.shift() ?? 200;
    await api('POST', `/api/webhooks/${endpoint.id}/test`);
    const start = clock;

    await runAt(start);
    let [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(delivery!.error).toMatch(/^HTTP 500/);
    expect(delivery!.nextAttemptAt).toBe(new Date(start + MINUTE).toISOString());
    expect((await endpointOf(endpoint.id)).consecutiveFailures).toBe(1);

    await runAt(start + MINUTE - 1000);
    expect(sentTo('/flaky')).toHaveLength(1);
    await runAt(start + MINUTE);
    [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
    expect(delivery!.nextAttemptAt).toBe(new Date(start + 3 * MINUTE).toISOString());

    await runAt(start + 3 * MINUTE - 1000);
    expect(sentTo('/flaky')).toHaveLength(2);
    await runAt(start + 3 * MINUTE);
    [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200, error: null });
    expect(sentTo('/flaky').map((r) => r.verdict)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    // Three attempts, three timestamps: each attempt is signed when it is made.
    expect(new Set(sentTo('/flaky').map((r) => r.headers['heatsignal-signature'])).size).toBe(3);
    expect((await endpointOf(endpoint.id)).consecutiveFailures).toBe(0);
    answers = [];
    await api('PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false });
  });

  it('probes a dead endpoint ever less often, disables it after 10 failures in a row, and tells its owner why', async () => {
    const endpoint = await newEndpoint('/dead');
    receiver.respond = (request) => (request.path === '/dead' ? 503 : 200);
    for (const pair of ['A1/USD', 'A2/USD', 'A3/USD']) await publishOffer(pair);
    expect(await deliveries(endpoint.id)).toHaveLength(3);

    await runAt(clock);
    expect(sentTo('/dead')).toHaveLength(3);
    const waits: number[] = [];
    for (let run = 0; run < 20 && (await endpointOf(endpoint.id)).enabled; run++) {
      const due = Math.min(
        ...(await deliveries(endpoint.id))
          .filter((d) => d.status === 'pending')
          .map((d) => Date.parse(d.nextAttemptAt!)),
      );
      waits.push(Math.round((due - clock) / MINUTE));
      await runAt(due - 1000);
      const before = sentTo('/dead').length;
      await runAt(due);
      // One probe per run, never the whole queue.
      expect(sentTo('/dead').length - before).toBe(1);
    }
    expect(sentTo('/dead')).toHaveLength(10);
    expect(waits).toEqual([4, 8, 16, 32, 64, 128, 240]);
    const disabled = await endpointOf(endpoint.id);
    expect(disabled).toMatchObject({ enabled: false, consecutiveFailures: 10 });
    expect(disabled.disabledReason).toMatch(/^Disabled after 10 failed attempts in a row \(last: HTTP 503/);
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => d.status)).toEqual(['failed', 'failed', 'failed']);
    expect(log.filter((d) => d.error === 'Not sent: the endpoint was disabled').length).toBeGreaterThan(0);
    expect(logLines.some((line) => line.includes('webhook endpoint disabled'))).toBe(true);
    await t.app.notifications.settled();
    const bell = await api<ListNotificationsResponse>('GET', '/api/notifications');
    expect(bell.data[0]).toMatchObject({
      kind: 'webhook.disabled',
      title: 'Webhook disabled',
      link: '/settings#webhooks',
    });
    expect(bell.data[0]!.body).toContain('Disabled after 10 failed attempts in a row');

    // Nothing more is queued for it; enabling it again starts afresh.
    await publishOffer('A4/USD');
    expect(await deliveries(endpoint.id)).toHaveLength(3);
    const enabled = await api<{ endpoint: WebhookEndpoint }>('PATCH', `/api/webhooks/${endpoint.id}`, {
      enabled: true,
    });
    expect(enabled.endpoint).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
    receiver.respond = () => 200;
    await api('POST', `/api/webhooks/${endpoint.id}/test`);
    await runAt(clock + 1000);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ eventType: 'test', status: 'delivered' });
    await api('PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false });
  });

  it('gives one refused event up after 24 hours without disabling an endpoint that takes the others', async () => {
    const endpoint = await newEndpoint('/picky');
    receiver.respond = (request) =>
      request.path === '/picky' && request.body.includes('"type":"offer.created"') ? 422 : 200;
    const offerId = await publishOffer('B1/USD', { expiresAt: new Date(clock + 48 * 3_600_000) });
    const [queued] = await deliveries(endpoint.id);
    const deadline = Date.parse(queued!.createdAt) + 24 * 3_600_000;
    for (let run = 0; run < 30; run++) {
      const [offer] = (await deliveries(endpoint.id)).filter((d) => d.eventType === 'offer.created');
      if (offer!.status !== 'pending') break;
      await runAt(Date.parse(offer!.nextAttemptAt!));
      // Between its retries, other events go through and end the run of failures.
      await api('POST', `/api/webhooks/${endpoint.id}/test`);
      await runAt(clock);
    }
    const log = await deliveries(endpoint.id);
    const offer = log.find((d) => d.eventId === `offer.created:${offerId}`)!;
    expect(offer.status).toBe('failed');
    expect(offer.error).toMatch(/^Gave up after 24 hours: HTTP 422/);
    expect(Date.parse(offer.lastAttemptAt!)).toBeLessThanOrEqual(deadline);
    expect(offer.attempts).toBeGreaterThan(9);
    expect(log.filter((d) => d.eventType === 'test').every((d) => d.status === 'delivered')).toBe(true);
    expect(await endpointOf(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null });
    await api('PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false });
  });

  it('does not send an offer that expired while its endpoint was failing', async () => {
    const endpoint = await newEndpoint('/late');
    receiver.respond = () => 500;
    await publishOffer('C1/USD', { expiresAt: new Date(clock + 30 * MINUTE) });
    await runAt(clock);
    expect(sentTo('/late')).toHaveLength(1);
    receiver.respond = () => 200;
    await runAt(clock + 31 * MINUTE);
    expect(sentTo('/late')).toHaveLength(1);
    expect(await deliveries(endpoint.id)).toMatchObject([
      { status: 'failed', attempts: 1, error: 'Not sent: the offer expired first' },
    ]);
  });
});
