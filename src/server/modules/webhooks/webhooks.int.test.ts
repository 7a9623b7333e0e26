/**
 * A trader's webhooks through the HTTP API, against loopback receivers that check the signature as
 * a real receiver would: a matching new offer reaches the trader's endpoint signed (and nobody
 * else's), the receiver refuses a replay and a tampered body, the test event, rotation, the
 * delivery log, and another trader seeing nothing of it. No secret is ever in an answer after
 * creation, a stored row or a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../../../contract/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { seedOffer, seedPair, type OfferSpec } from '../offers/testing/market-fixtures';
import { verifyWebhookSignature } from './signature';
import { startReceiver, type Receiver } from './testing/receiver';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let aliceHook: Receiver;
let bobHook: Receiver;
const logLines: string[] = [];
const secrets: string[] = [];
const answers: string[] = [];
const pairIds = new Map<string, number>();

const call = async (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await t.app.inject({ method, url, headers: user.auth, ...(payload && { payload }) });
  answers.push(res.body);
  return res;
};

async function createEndpoint(user: TestUser, body: object): Promise<WebhookEndpointWithSecret> {
  const res = await call(user, 'POST', '/api/webhooks', body);
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json<WebhookEndpointWithSecret>();
  secrets.push(created.secret);
  return created;
}

const deliveriesOf = async (user: TestUser, endpointId: string) => {
  const res = await call(user, 'GET', `/api/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ deliveries: WebhookDelivery[] }>().deliveries;
};

/** A new offer, published as an analysis would announce it. */
async function publishOffer(pair: string, spec: Partial<OfferSpec> = {}) {
  const offerId = await seedOffer(t.db, {
    pairId: pairIds.get(pair)!,
    positionType: 'long',
    successRate: 75,
    expectedProfitPercent: 3,
    riskLevel: 'medium',
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
const sendDue = () => t.app.worker.runNow('webhook-deliveries');

beforeAll(async () => {
  t = await createTestApp({
    env: { ALLOW_PRIVATE_FEEDS: 'true', LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  await signUp(t.app, 'Admin');
  alice = await signUp(t.app, 'Alice');
  bob = await signUp(t.app, 'Bob');
  for (const pair of ['BTC/USD', 'ETH/USD', 'SOL/USD']) pairIds.set(pair, await seedPair(t.db, pair));
  // Bob trades ETH only: a BTC offer is not his.
  expect((await call(bob, 'PUT', '/api/users/preferences', { preferredPairs: ['ETH/USD'] })).statusCode).toBe(
    200,
  );
  aliceHook = await startReceiver();
  bobHook = await startReceiver();
}, 60_000);
afterAll(async () => {
  await aliceHook.close();
  await bobHook.close();
  await t.close();
});

describe('webhooks of two traders', () => {
  let aliceEndpoint: WebhookEndpoint;
  let bobEndpoint: WebhookEndpoint;
  let offerId: string;

  it('answers the signing secret once, at creation, and lists only its last characters', async () => {
    const created = await createEndpoint(alice, {
      url: `${aliceHook.origin}/hooks/heatsignal`,
      format: 'heatsignal',
      events: ['offer.created', 'trade.closed'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    aliceEndpoint = created.endpoint;
    aliceHook.secret = created.secret;
    expect(aliceEndpoint).toMatchObject({
      format: 'heatsignal',
      events: ['offer.created', 'trade.closed'],
      enabled: true,
      disabledReason: null,
      secretHint: `whsec_…${created.secret.slice(-4)}`,
      freqtrade: null,
      threeCommas: null,
    });
    const list = await call(alice, 'GET', '/api/webhooks');
    expect(list.json()).toEqual({ endpoints: [aliceEndpoint] });
    expect(list.body).not.toContain(created.secret);

    const bobs = await createEndpoint(bob, {
      url: `${bobHook.origin}/in`,
      format: 'heatsignal',
      events: ['offer.created'],
    });
    bobEndpoint = bobs.endpoint;
    bobHook.secret = bobs.secret;
  });

  it('refuses bad endpoints with a readable 400 and stores nothing', async () => {
    const cases: [object, RegExp][] = [
      [{ url: `${aliceHook.origin}/x`, format: 'heatsignal', events: [] }, /at least one event/],
      [{ url: 'not a url', format: 'heatsignal', events: ['offer.created'] }, /full URL/],
      [{ url: 'ftp://example.com/x', format: 'heatsignal', events: ['offer.created'] }, /full URL/],
      [{ url: `${aliceHook.origin}/x`, format: 'slack', events: ['offer.created'] }, /format/],
      [
        {
          url: `${aliceHook.origin}/api/v1/forceenter`,
          format: 'freqtrade',
          events: ['trade.closed'],
          freqtrade: { username: 'u', password: 'p' },
        },
        /Freqtrade endpoint can receive only offer\.created/,
      ],
      [
        {
          url: `${aliceHook.origin}/hook`,
          format: 'freqtrade',
          events: ['offer.created'],
          freqtrade: { username: 'u', password: 'p' },
        },
        /\/api\/v1\/forceenter/,
      ],
      [{ url: `${aliceHook.origin}/x`, format: '3commas', events: ['offer.created'] }, /threeCommas/],
    ];
    for (const [body, message] of cases) {
      const res = await call(alice, 'POST', '/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(message);
    }
    expect(
      (await call(alice, 'GET', '/api/webhooks')).json<{ endpoints: unknown[] }>().endpoints,
    ).toHaveLength(1);
  });

  it('queues a matching new offer without sending it, then delivers it signed; the other trader gets nothing', async () => {
    offerId = await publishOffer('BTC/USD');
    // The announcement only queued: nothing left the server yet.
    expect(aliceHook.received).toHaveLength(0);
    expect(await deliveriesOf(alice, aliceEndpoint.id)).toMatchObject([{ status: 'pending', attempts: 0 }]);

    await sendDue();
    expect(aliceHook.received).toHaveLength(1);
    const request = aliceHook.received[0]!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/hooks/heatsignal',
      verdict: { ok: true },
      status: 200,
    });
    expect(request.headers['heatsignal-event']).toBe('offer.created');
    const body = JSON.parse(request.body) as {
      id: string;
      type: string;
      data: { offer: { id: string; pair: string } };
    };
    expect(body).toMatchObject({
      id: `offer.created:${offerId}`,
      type: 'offer.created',
      data: { offer: { id: offerId, pair: 'BTC/USD' } },
      summary: { url: 'http://localhost:3000/offers' },
    });
    expect(bobHook.received).toHaveLength(0);
    expect(await deliveriesOf(bob, bobEndpoint.id)).toEqual([]);

    const [delivery] = await deliveriesOf(alice, aliceEndpoint.id);
    expect(delivery).toMatchObject({
      eventId: `offer.created:${offerId}`,
      eventType: 'offer.created',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    expect(delivery!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(delivery!.deliveredAt).not.toBeNull();

    // The same offer announced again is not delivered again.
    await t.app.events.emit('offers_changed', {
      offerId,
      created: true,
      refreshedIds: [],
      movedEnds: [],
      skippedBecause: null,
    });
    await t.app.notifications.settled();
    await sendDue();
    expect(aliceHook.received).toHaveLength(1);
  });

  it("reaches Bob's endpoint with an offer on his pair (and Alice's, whose defaults match it too)", async () => {
    await publishOffer('ETH/USD');
    await sendDue();
    expect(
      bobHook.received.map((r) => [
        r.verdict,
        (JSON.parse(r.body) as { data: { offer: { pair: string } } }).data.offer.pair,
      ]),
    ).toEqual([[{ ok: true }, 'ETH/USD']]);
    expect(aliceHook.received).toHaveLength(2);
  });

  it('a receiver refuses the same request replayed more than 5 minutes later, or with its body changed', async () => {
    const original = aliceHook.received[0]!;
    const resend = (body: string) =>
      fetch(`${aliceHook.origin}${original.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'heatsignal-signature': original.headers['heatsignal-signature'] as string,
        },
        body,
      });
    const sentAt = Number(/t=(\d+)/.exec(original.headers['heatsignal-signature'] as string)![1]);
    aliceHook.nowSeconds = () => sentAt + 6 * 60;
    expect((await resend(original.body)).status).toBe(400);
    expect(aliceHook.received.at(-1)!.verdict).toEqual({ ok: false, reason: 'outside tolerance' });
    aliceHook.nowSeconds = () => sentAt + 60;
    expect((await resend(original.body.replace('"long"', '"short"'))).status).toBe(400);
    expect(aliceHook.received.at(-1)!.verdict).toEqual({ ok: false, reason: 'mismatch' });
    aliceHook.nowSeconds = null;
    aliceHook.received.splice(2);
  });

  it('sends a test event on demand, one at a time', async () => {
    const queued = await call(alice, 'POST', `/api/webhooks/${aliceEndpoint.id}/test`);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({ delivery: { eventType: 'test', status: 'pending' } });
    const again = await call(alice, 'POST', `/api/webhooks/${aliceEndpoint.id}/test`);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: 'A test event is already on its way to this endpoint' },
    ]);
    await sendDue();
    const test = aliceHook.received.at(-1)!;
    expect(test.verdict).toEqual({ ok: true });
    expect(JSON.parse(test.body)).toMatchObject({
      type: 'test',
      data: { message: expect.any(String) as string },
    });
    expect((await deliveriesOf(alice, aliceEndpoint.id))[0]).toMatchObject({
      eventType: 'test',
      status: 'delivered',
    });
  });

  it('rotates the secret: answered once, and what is signed from then on no longer verifies with the old one', async () => {
    const side = await startReceiver();
    try {
      const created = await createEndpoint(alice, {
        url: `${side.origin}/r`,
        format: 'heatsignal',
        events: ['offer.created'],
      });
      const rotated = await call(alice, 'POST', `/api/webhooks/${created.endpoint.id}/rotate-secret`);
      expect(rotated.statusCode).toBe(200);
      const { secret, endpoint } = rotated.json<WebhookEndpointWithSecret>();
      secrets.push(secret);
      expect(secret).not.toBe(created.secret);
      expect(endpoint.secretHint).toBe(`whsec_…${secret.slice(-4)}`);

      side.secret = created.secret; // the receiver still has the old one
      await call(alice, 'POST', `/api/webhooks/${created.endpoint.id}/test`);
      await sendDue();
      const request = side.received[0]!;
      expect(request.verdict).toEqual({ ok: false, reason: 'mismatch' });
      const header = request.headers['heatsignal-signature'] as string;
      expect(verifyWebhookSignature({ header, body: request.body, secret }).ok).toBe(true);
      const [delivery] = await deliveriesOf(alice, created.endpoint.id);
      // Refused by the receiver: kept for a retry, signed anew with the new secret.
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 400 });
      expect(delivery!.error).toMatch(/^HTTP 400/);
      expect(
        await call(alice, 'DELETE', `/api/webhooks/${created.endpoint.id}`).then((r) => r.statusCode),
      ).toBe(200);
    } finally {
      await side.close();
    }
  });

  it('lets another trader neither see nor change an endpoint or its log (404, and nothing changed)', async () => {
    const bobsList = await call(bob, 'GET', '/api/webhooks');
    expect(bobsList.json<{ endpoints: WebhookEndpoint[] }>().endpoints.map((e) => e.id)).toEqual([
      bobEndpoint.id,
    ]);
    const id = aliceEndpoint.id;
    const attempts: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', `/api/webhooks/${id}/deliveries`],
      ['PATCH', `/api/webhooks/${id}`, { enabled: false }],
      ['PATCH', `/api/webhooks/${id}`, { url: `${bobHook.origin}/stolen` }],
      ['POST', `/api/webhooks/${id}/rotate-secret`],
      ['POST', `/api/webhooks/${id}/test`],
      ['DELETE', `/api/webhooks/${id}`],
      ['GET', '/api/webhooks/not-a-uuid/deliveries'],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(bob, method, url, payload);
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([
        404,
        { error: 'Webhook endpoint not found' },
      ]);
    }
    const mine = (await call(alice, 'GET', '/api/webhooks')).json<{ endpoints: WebhookEndpoint[] }>()
      .endpoints;
    expect(mine.find((e) => e.id === id)).toEqual(aliceEndpoint);
    expect(await deliveriesOf(alice, id)).toHaveLength(3);
  });

  it('disables and enables an endpoint by hand, and changes its events and URL', async () => {
    const off = await call(alice, 'PATCH', `/api/webhooks/${aliceEndpoint.id}`, { enabled: false });
    expect(off.json()).toMatchObject({ endpoint: { enabled: false, disabledReason: null } });
    await publishOffer('SOL/USD');
    await sendDue();
    expect(aliceHook.received).toHaveLength(3);
    const on = await call(alice, 'PATCH', `/api/webhooks/${aliceEndpoint.id}`, {
      enabled: true,
      events: ['offer.created', 'withdrawal.approved'],
      url: `${aliceHook.origin}/hooks/v2`,
    });
    expect(on.json()).toMatchObject({
      endpoint: {
        enabled: true,
        events: ['offer.created', 'withdrawal.approved'],
        url: `${aliceHook.origin}/hooks/v2`,
      },
    });
    const empty = await call(alice, 'PATCH', `/api/webhooks/${aliceEndpoint.id}`, {});
    expect(empty.statusCode).toBe(400);
  });

  it('keeps every secret out of the answers, the stored deliveries and endpoints, and the log', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const stored = JSON.stringify([
      await t.db.select().from(webhookDeliveries),
      await t.db.select().from(webhookEndpoints),
    ]);
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(logLines.join('\n')).not.toContain(secret);
      // Only the creation or rotation answer that made it shows it.
      expect(answers.filter((a) => a.includes(secret))).toHaveLength(1);
    }
    expect(logLines.some((line) => line.includes('webhook delivery failed'))).toBe(true);
  });
});
