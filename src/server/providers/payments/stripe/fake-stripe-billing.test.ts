import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripeServer, type FakeStripeServer } from './fake-stripe-server';

/** The fake's Billing wire format and hosted pages, checked with plain HTTP (no SDK in between). */
interface WireBody {
  id?: string;
  object?: string;
  url?: string;
  error?: { type: string; code?: string; param?: string; message: string };
  [key: string]: unknown;
}

let fake: FakeStripeServer;
beforeAll(async () => {
  fake = await startFakeStripeServer({ secretKey: 'sk_test_wire' });
});
afterAll(async () => fake.close());

const call = async (method: 'GET' | 'POST', path: string, body = '') => {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: 'Bearer sk_test_wire', 'content-type': 'application/x-www-form-urlencoded' },
    ...(method === 'POST' && { body }),
  });
  return { status: response.status, json: (await response.json()) as WireBody };
};

const checkoutBody = (extra = '') =>
  `mode=subscription&line_items[0][price]=${fake.proPriceId}&line_items[0][quantity]=1` +
  `&success_url=${encodeURIComponent('http://127.0.0.1:3000/done?session={CHECKOUT_SESSION_ID}')}` +
  `&cancel_url=${encodeURIComponent('http://127.0.0.1:3000/back')}${extra}`;

describe('fake Stripe Billing wire format', () => {
  it('answers an open Checkout Session whose url is its hosted page', async () => {
    const { status, json } = await call(
      'POST',
      '/v1/checkout/sessions',
      checkoutBody('&customer_email=a%40b.c'),
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: null,
      customer_email: 'a@b.c',
      subscription: null,
      amount_total: 4_900,
      currency: 'usd',
      url: `${fake.url}/checkout/${json.id}`,
    });
    expect(json.id).toMatch(/^cs_test_\w{24}$/);
    expect((await call('GET', `/v1/checkout/sessions/${json.id}`)).json.id).toBe(json.id);
  });

  it("refuses what Stripe refuses, in Stripe's words", async () => {
    const refusal = async (path: string, body: string) => (await call('POST', path, body)).json.error;
    expect(await refusal('/v1/checkout/sessions', 'line_items[0][price]=x')).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'mode',
    });
    expect(await refusal('/v1/checkout/sessions', 'mode=subscription')).toMatchObject({
      param: 'line_items',
    });
    expect(
      await refusal('/v1/checkout/sessions', checkoutBody().replace(fake.proPriceId, 'price_nope')),
    ).toMatchObject({ code: 'resource_missing', message: "No such price: 'price_nope'" });
    expect(
      await refusal('/v1/checkout/sessions', checkoutBody('&customer=cus_x&customer_email=a%40b.c')),
    ).toMatchObject({
      message: 'You may only specify one of these parameters: customer, customer_email.',
    });
    expect(await refusal('/v1/billing_portal/sessions', 'customer=cus_nope')).toMatchObject({
      message: "No such customer: 'cus_nope'",
    });
    const unknown = await call('GET', '/v1/subscriptions/sub_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({
      code: 'resource_missing',
      message: "No such subscription: 'sub_nope'",
    });
  });

  it('completes a Checkout from its hosted page and redirects to the success URL', async () => {
    const { json: session } = await call('POST', '/v1/checkout/sessions', checkoutBody());
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(
      /Subscribe: 49\.00 USD.*<button type="submit">Subscribe<\/button>.*href="http:\/\/127\.0\.0\.1:3000\/back"/s,
    );
    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:3000/done?session=${session.id}`);
    const completed = (await call('GET', `/v1/checkout/sessions/${session.id}`)).json;
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = (await call('GET', `/v1/subscriptions/${String(completed.subscription)}`)).json;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: completed.customer,
    });
    expect((await fetch(session.url!)).status).toBe(404);

    const portal = await call(
      'POST',
      '/v1/billing_portal/sessions',
      `customer=${String(completed.customer)}&return_url=http%3A%2F%2F127.0.0.1%3A3000%2Fsettings`,
    );
    expect(portal.json).toMatchObject({ object: 'billing_portal.session', customer: completed.customer });
    expect(await (await fetch(portal.json.url!)).text()).toContain('href="http://127.0.0.1:3000/settings"');
  });

  it('cancels at period end and undoes it through the API', async () => {
    const { json: session } = await call('POST', '/v1/checkout/sessions', checkoutBody());
    const subscription = await fake.billing.completeCheckout(session.id!);
    const path = `/v1/subscriptions/${String(subscription.id)}`;
    const end = (subscription.items as { data: { current_period_end: number }[] }).data[0]!
      .current_period_end;
    const cancelled = (await call('POST', path, 'cancel_at_period_end=true')).json;
    expect(cancelled).toMatchObject({ cancel_at_period_end: true, cancel_at: end, status: 'active' });
    expect(typeof cancelled.canceled_at).toBe('number');
    const resumed = (await call('POST', path, 'cancel_at_period_end=false')).json;
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    const updated = fake.events.filter((e) => e.type === 'customer.subscription.updated').slice(-2);
    expect(updated.map((e) => (e.data as { previous_attributes: unknown }).previous_attributes)).toEqual([
      { cancel_at: null, cancel_at_period_end: false, canceled_at: null },
      { cancel_at: end, cancel_at_period_end: true, canceled_at: cancelled.canceled_at },
    ]);
  });
});
