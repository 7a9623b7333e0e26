/**
 * Without ALLOW_PRIVATE_FEEDS a webhook is https only and never reaches the server's own network:
 * such URLs are refused when saved, and an endpoint whose address turns private later (its DNS
 * changed) is refused again when sending, the receiver getting nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookDelivery } from '../../../contract/webhooks';
import { createTestApp, signUp, TEST_AUTH_SECRET, type TestApp, type TestUser } from '../../testing/test-app';
import { startReceiver, type Receiver } from './testing/receiver';
import { createWebhooksService } from './webhooks.service';

let t: TestApp;
let alice: TestUser;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, 'Alice');
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: alice.auth, payload });
const endpointAt = (url: string) =>
  post('/api/webhooks', { url, format: 'heatsignal', events: ['offer.created'] });

describe('where a webhook may go', () => {
  it('refuses http:// and private, loopback and metadata addresses when saved, and saves nothing', async () => {
    const http = await endpointAt('http://hooks.example.com/in');
    expect([http.statusCode, http.json()]).toEqual([400, { error: 'The URL must start with https://' }]);
    for (const url of [
      'https://127.0.0.1/in',
      `${receiver.origin.replace('http:', 'https:')}/in`,
      'https://[::1]/in',
      'https://10.0.0.8/in',
      'https://192.168.1.20:8443/in',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/in',
    ]) {
      const res = await endpointAt(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: string }>().error, url).toMatch(
        /^This URL is not allowed: .*(not a public address|non-public address)/,
      );
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: alice.auth });
    expect(list.json()).toEqual({ endpoints: [] });
  });

  it('refuses to send to an address that is private by the time of sending', async () => {
    // Saved while the address was allowed (as if its DNS pointed elsewhere then).
    const lenient = createWebhooksService({
      db: t.db,
      authSecret: TEST_AUTH_SECRET,
      publicUrl: 'http://localhost:3000',
      allowPrivate: true,
      preferences: t.app.preferences,
      log: t.app.log,
    });
    const { endpoint } = await lenient.create(alice.id, {
      url: `${receiver.origin}/in`,
      format: 'heatsignal',
      events: ['offer.created'],
    });
    expect((await post(`/api/webhooks/${endpoint.id}/test`, {})).statusCode).toBe(200);
    await t.app.worker.runNow('webhook-deliveries');
    expect(receiver.received).toHaveLength(0);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpoint.id}/deliveries`,
      headers: alice.auth,
    });
    expect(log.json<{ deliveries: WebhookDelivery[] }>().deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      error: 'Refused: 127.0.0.1 is not a public address',
    });
    await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, headers: alice.auth });
  });

  it(`holds at most ${MAX_WEBHOOK_ENDPOINTS} endpoints a trader`, async () => {
    const lenient = createWebhooksService({
      db: t.db,
      authSecret: TEST_AUTH_SECRET,
      publicUrl: 'http://localhost:3000',
      allowPrivate: true,
      preferences: t.app.preferences,
      log: t.app.log,
    });
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) {
      await lenient.create(alice.id, {
        url: `${receiver.origin}/${i}`,
        format: 'heatsignal',
        events: ['offer.created'],
      });
    }
    const res = await endpointAt('https://93.184.215.14/in');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toMatch(/10 webhook endpoints/);
  });
});
