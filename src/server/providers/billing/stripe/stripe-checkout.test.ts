import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripeServer, type FakeStripeServer } from '../../payments/stripe/fake-stripe-server';
import type { Json } from '../../payments/stripe/fake-stripe-objects';
import {
  BILLING_UNAVAILABLE_MESSAGE,
  BillingUnavailableError,
  BillingWebhookError,
  type BillingProvider,
} from '../billing-provider';
import { createStripeBillingProvider, type StripeBillingProviderOptions } from './index';
import { startWebhookReceiver } from './testdata/webhook-receiver';

/**
 * Stripe Billing's purchase against the loopback fake Stripe over HTTP, through the official SDK:
 * the Checkout, its signed events read by parseWebhook, the portal, and Stripe being unavailable.
 */
let fake: FakeStripeServer;
let provider: BillingProvider;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let seq = 0;

const providerFor = (overrides: Partial<StripeBillingProviderOptions> = {}) =>
  createStripeBillingProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    proPriceId: fake.proPriceId,
    endpoint: fake.endpoint,
    timeoutMs: 2_000,
    maxNetworkRetries: 0,
    ...overrides,
  });

const checkoutFor = (userId: string, customerId: string | null = null) => ({
  userId,
  email: `${userId}@example.com`,
  customerId,
  successUrl: 'http://127.0.0.1:3000/settings?plan=upgraded#plan',
  cancelUrl: 'http://127.0.0.1:3000/settings#plan',
});

/** The Checkout Session id at the end of its hosted page's URL. */
const sessionIdOf = (url: string) => url.split('/').at(-1) ?? '';
const itemEnd = (subscription: Json) =>
  new Date(((subscription.items as { data: Json[] }).data[0]!.current_period_end as number) * 1000);
const eventNamed = (type: string, objectId: string) => {
  const event = fake.events.find((e) => e.type === type && ((e.data as Json).object as Json).id === objectId);
  if (!event) throw new Error(`no ${type} for ${objectId}`);
  return event;
};

beforeAll(async () => {
  fake = await startFakeStripeServer();
  receiver = await startWebhookReceiver(() => provider);
  fake.addWebhookEndpoint({ url: receiver.url });
  provider = providerFor();
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

describe('Stripe Billing purchase against the loopback fake Stripe', () => {
  it('creates a subscription Checkout for the Pro price, for this user', async () => {
    const userId = `user_${++seq}`;
    const { url, subscription } = await provider.createCheckout(checkoutFor(userId));
    expect(subscription).toBeUndefined();
    expect(url).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_\\w{24}$`));
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: `Bearer ${fake.secretKey}`,
      params: {
        mode: 'subscription',
        line_items: [{ price: fake.proPriceId, quantity: '1' }],
        client_reference_id: userId,
        subscription_data: { metadata: { userId } },
        metadata: { userId },
        customer_email: `${userId}@example.com`,
        success_url: checkoutFor(userId).successUrl,
        cancel_url: checkoutFor(userId).cancelUrl,
      },
    });
    expect(fake.billing.checkoutSessions.get(sessionIdOf(url))).toMatchObject({ status: 'open', url });
  });

  it('completing it delivers signed events; parseWebhook reads the subscription they speak of', async () => {
    const userId = `user_${++seq}`;
    const { url } = await provider.createCheckout(checkoutFor(userId));
    const mark = receiver.received.length;
    const subscription = await fake.billing.completeCheckout(sessionIdOf(url));
    const received = receiver.since(mark);
    expect(received.map((r) => [r.type, r.status])).toEqual([
      ['customer.created', 200],
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
      ['checkout.session.completed', 200],
    ]);
    const state = {
      userId,
      customerId: subscription.customer,
      subscriptionId: subscription.id,
      status: 'active',
      currentPeriodEnd: itemEnd(subscription),
      cancelAtPeriodEnd: false,
    };
    expect(itemEnd(subscription).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    const completed = eventNamed('checkout.session.completed', sessionIdOf(url));
    expect(received[3]?.event).toEqual({
      ...state,
      eventId: completed.id,
      createdAt: new Date((completed.created as number) * 1000),
    });
    // The Checkout's event names the subscription only: its state was fetched.
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/subscriptions/${String(subscription.id)}`,
    });
    expect(received[1]?.event).toMatchObject({
      ...state,
      eventId: eventNamed('customer.subscription.created', subscription.id as string).id,
    });
    expect([received[0]?.event, received[2]?.event]).toEqual([null, null]);
  });

  it('sends a returning customer to Checkout as that Stripe customer', async () => {
    const userId = `user_${++seq}`;
    const first = await provider.createCheckout(checkoutFor(userId));
    const customerId = (await fake.billing.completeCheckout(sessionIdOf(first.url))).customer as string;
    const again = await provider.createCheckout(checkoutFor(userId, customerId));
    const sent = fake.requests.at(-1)!;
    expect(sent.params).toMatchObject({ customer: customerId, client_reference_id: userId });
    expect(sent.params).not.toHaveProperty('customer_email');
    const mark = receiver.received.length;
    await fake.billing.completeCheckout(sessionIdOf(again.url));
    expect(receiver.since(mark).map((r) => r.type)).not.toContain('customer.created');
    expect(receiver.since(mark).at(-1)?.event).toMatchObject({ customerId, userId });
  });

  it('refuses a tampered body, another secret, no signature, an old timestamp and a body that is no event', async () => {
    const { url } = await provider.createCheckout(checkoutFor(`user_${++seq}`));
    const subscription = await fake.billing.completeCheckout(sessionIdOf(url));
    const payload = JSON.stringify(eventNamed('customer.subscription.created', subscription.id as string));
    const read = await provider.parseWebhook(payload, fake.signatureHeader(payload));
    // A replay reads the same event id, which the plans module applies once.
    expect(await provider.parseWebhook(payload, fake.signatureHeader(payload))).toEqual(read);

    const refused = (body: string, header: string | undefined) =>
      provider.parseWebhook(body, header).then(
        () => 'accepted',
        (error: unknown) =>
          error instanceof BillingWebhookError ? error.message : `other: ${String(error)}`,
      );
    const tampered = payload.replaceAll(/"user_\d+"/g, '"user_someone_else"');
    expect(tampered).not.toBe(payload);
    expect(await refused(tampered, fake.signatureHeader(payload))).toMatch(
      /^Invalid Stripe signature: No signatures found/,
    );
    expect(await refused(payload, fake.signatureHeader(payload, { secret: 'whsec_other' }))).toMatch(
      /^Invalid Stripe signature/,
    );
    expect(await refused(payload, undefined)).toBe('Missing Stripe-Signature header');
    expect(await refused(payload, 'garbage')).toMatch(/^Invalid Stripe signature/);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const old = fake.signatureHeader(payload, { timestamp: tenMinutesAgo });
    expect(await refused(payload, old)).toBe(
      'Invalid Stripe signature: Timestamp outside the tolerance zone',
    );
    // The same header is accepted by a provider whose clock stands at the signing time.
    expect(await providerFor({ clock: () => tenMinutesAgo * 1000 }).parseWebhook(payload, old)).toEqual(read);
    expect(await refused('not json', fake.signatureHeader('not json'))).toBe(
      'Stripe webhook body is not a JSON event',
    );
    const odd = JSON.stringify({
      id: 'evt_odd',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { object: 'invoice' } },
    });
    expect(await refused(odd, fake.signatureHeader(odd))).toBe(
      'Unreadable Stripe event evt_odd: customer.subscription.updated carries no subscription',
    );
  });

  it('opens the customer portal for a customer, and names the one Stripe does not know', async () => {
    const { url } = await provider.createCheckout(checkoutFor(`user_${++seq}`));
    const customerId = (await fake.billing.completeCheckout(sessionIdOf(url))).customer as string;
    const returnUrl = 'http://127.0.0.1:3000/settings#plan';
    const portal = await provider.createPortal({ customerId, returnUrl });
    expect(portal.url).toMatch(new RegExp(`^${fake.url}/billing_portal/bps_\\w{24}$`));
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      params: { customer: customerId, return_url: returnUrl },
    });
    await expect(provider.createPortal({ customerId: 'cus_nope', returnUrl })).rejects.toThrow(
      new BillingUnavailableError("No such customer: 'cus_nope'"),
    );
  });

  it('reports Stripe down, slow, refusing our key or unreachable as unavailable', async () => {
    const unavailable = async (run: Promise<unknown>) => {
      const error = await run.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BillingUnavailableError);
      expect((error as Error).message).toBe(BILLING_UNAVAILABLE_MESSAGE);
      return error as Error;
    };
    fake.failNext({ status: 500 });
    await unavailable(provider.createCheckout(checkoutFor(`user_${++seq}`)));
    fake.failNext({ status: 503 });
    await unavailable(provider.setCancelAtPeriodEnd('sub_any', true));
    fake.failNext({ hang: true });
    await unavailable(
      providerFor({ timeoutMs: 300 }).createPortal({ customerId: 'cus_x', returnUrl: 'http://x/' }),
    );
    const refused = await unavailable(
      providerFor({ secretKey: 'sk_test_not_ours_1234' }).createCheckout(checkoutFor('u')),
    );
    expect(String(refused.cause)).toMatch(/Invalid API Key provided: sk_test_\*\*\*\*1234/);
    const closed = await startFakeStripeServer();
    await closed.close();
    await unavailable(providerFor({ endpoint: closed.endpoint }).createCheckout(checkoutFor('u')));
  });

  it("answers Stripe's own message for a Pro price it does not know", async () => {
    const misconfigured = providerFor({ proPriceId: 'price_nope' });
    await expect(misconfigured.createCheckout(checkoutFor(`user_${++seq}`))).rejects.toThrow(
      new BillingUnavailableError("No such price: 'price_nope'"),
    );
  });

  it('answers 5xx material for a completed Checkout whose subscription cannot be fetched', async () => {
    const { url } = await provider.createCheckout(checkoutFor(`user_${++seq}`));
    await fake.billing.completeCheckout(sessionIdOf(url));
    const payload = JSON.stringify(eventNamed('checkout.session.completed', sessionIdOf(url)));
    fake.failNext({ status: 502 });
    await expect(provider.parseWebhook(payload, fake.signatureHeader(payload))).rejects.toBeInstanceOf(
      BillingUnavailableError,
    );
    // Stripe delivers it again later, and then it reads.
    expect((await provider.parseWebhook(payload, fake.signatureHeader(payload)))?.status).toBe('active');
  });
});
