import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripeServer, type FakeStripeServer } from '../../payments/stripe/fake-stripe-server';
import type { Json } from '../../payments/stripe/fake-stripe-objects';
import { BillingUnavailableError, type BillingProvider } from '../billing-provider';
import { createStripeBillingProvider } from './index';
import { startWebhookReceiver } from './testdata/webhook-receiver';

/**
 * A Pro subscription's life after the purchase, against the loopback fake Stripe over HTTP:
 * cancelled at period end and resumed (through the API and the portal), the period ending, and a
 * renewal failing through Stripe's retries; each change read from Stripe's signed events.
 */
let fake: FakeStripeServer;
let provider: BillingProvider;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let subscription: Json;
let seq = 0;

const DAY = 24 * 60 * 60 * 1000;
const periodEnd = (s: Json) =>
  new Date(((s.items as { data: Json[] }).data[0]!.current_period_end as number) * 1000);

/** Runs `change` and answers what the events it caused read as: [type, status, cancelAtPeriodEnd, period end]. */
async function readsOf(change: () => Promise<unknown>) {
  await fake.settled();
  const mark = receiver.received.length;
  await change();
  await fake.settled();
  return receiver.since(mark).map(({ type, event, status }) => {
    expect(status).toBe(200);
    return event ? [type, event.status, event.cancelAtPeriodEnd, event.currentPeriodEnd.getTime()] : [type];
  });
}

beforeAll(async () => {
  fake = await startFakeStripeServer();
  receiver = await startWebhookReceiver(() => provider);
  fake.addWebhookEndpoint({ url: receiver.url });
  provider = createStripeBillingProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    proPriceId: fake.proPriceId,
    endpoint: fake.endpoint,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
beforeEach(async () => {
  const userId = `user_${++seq}`;
  const { url } = await provider.createCheckout({
    userId,
    email: `${userId}@example.com`,
    customerId: null,
    successUrl: 'http://127.0.0.1:3000/settings',
    cancelUrl: 'http://127.0.0.1:3000/settings',
  });
  subscription = await fake.billing.completeCheckout(url.split('/').at(-1)!);
});

describe('a Stripe Billing subscription over its life', () => {
  it('cancels at period end and undoes it; the events agree', async () => {
    const id = subscription.id as string;
    const end = periodEnd(subscription).getTime();
    let state;
    const cancelled = await readsOf(async () => (state = await provider.setCancelAtPeriodEnd(id, true)));
    expect(state).toEqual({
      customerId: subscription.customer,
      subscriptionId: id,
      status: 'active',
      currentPeriodEnd: new Date(end),
      cancelAtPeriodEnd: true,
    });
    expect(cancelled).toEqual([['customer.subscription.updated', 'active', true, end]]);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${id}`,
      params: { cancel_at_period_end: 'true' },
    });

    const resumed = await readsOf(async () => (state = await provider.setCancelAtPeriodEnd(id, false)));
    expect(state).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(end),
    });
    expect(resumed).toEqual([['customer.subscription.updated', 'active', false, end]]);
    expect(fake.billing.subscriptions.get(id)).toMatchObject({
      cancel_at: null,
      cancel_at_period_end: false,
    });
  });

  it('reads a cancellation made in the portal (cancel_at alone) and resuming clears it', async () => {
    const id = subscription.id as string;
    const end = periodEnd(subscription).getTime();
    expect(await readsOf(() => fake.billing.cancelInPortal(id))).toEqual([
      ['customer.subscription.updated', 'active', true, end],
    ]);
    const before = fake.requests.length;
    expect(await provider.setCancelAtPeriodEnd(id, false)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(fake.requests.slice(before).map((r) => r.params)).toEqual([
      { cancel_at_period_end: 'false' },
      { cancel_at: '' },
    ]);
    expect(fake.billing.subscriptions.get(id)).toMatchObject({
      cancel_at: null,
      cancel_at_period_end: false,
    });
  });

  it('ends a subscription cancelled at period end when the period ends', async () => {
    const id = subscription.id as string;
    await provider.setCancelAtPeriodEnd(id, true);
    const end = periodEnd(subscription).getTime();
    expect(await readsOf(() => fake.billing.endPeriod(id))).toEqual([
      ['customer.subscription.deleted', 'canceled', true, end],
    ]);
    await expect(provider.setCancelAtPeriodEnd(id, false)).rejects.toThrow(
      new BillingUnavailableError(
        'A canceled subscription can only update its cancellation_details and metadata.',
      ),
    );
  });

  it('renews a subscription not cancelled for another period', async () => {
    const end = periodEnd(subscription).getTime();
    expect(await readsOf(() => fake.billing.endPeriod(subscription.id as string))).toEqual([
      ['customer.subscription.updated', 'active', false, end + 30 * DAY],
      ['invoice.paid'],
    ]);
  });

  it('falls back after a failed renewal: past_due while Stripe retries, canceled when they fail', async () => {
    const next = periodEnd(subscription).getTime() + 30 * DAY;
    expect(await readsOf(() => fake.billing.renewalFails(subscription.id as string))).toEqual([
      ['customer.subscription.updated', 'active', false, next],
      ['invoice.payment_failed'],
      ['customer.subscription.updated', 'past_due', false, next],
      ['invoice.payment_failed'],
      ['customer.subscription.deleted', 'canceled', false, next],
    ]);
  });

  it('ends unpaid when the account says so, and can stop while the retries still run', async () => {
    const id = subscription.id as string;
    const next = periodEnd(subscription).getTime() + 30 * DAY;
    const retrying = await readsOf(() => fake.billing.renewalFails(id, { afterRetries: 'past_due' }));
    expect(retrying.at(-1)).toEqual(['customer.subscription.updated', 'past_due', false, next]);
    expect(await readsOf(() => fake.billing.renewalFails(id, { afterRetries: 'unpaid' }))).toEqual([
      ['invoice.payment_failed'],
      ['customer.subscription.updated', 'unpaid', false, next],
    ]);
  });

  it("names a subscription Stripe does not know with Stripe's message", async () => {
    await expect(provider.setCancelAtPeriodEnd('sub_nope', true)).rejects.toThrow(
      new BillingUnavailableError("No such subscription: 'sub_nope'"),
    );
  });
});
