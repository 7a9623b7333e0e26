import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm } from './fake-stripe-form';
import { startFakeStripeServer, type FakeStripeServer } from './fake-stripe-server';

/** The fake's wire format, checked with plain HTTP (no SDK in between). */
interface WireError {
  type: string;
  code?: string;
  message: string;
  charge?: string;
  payment_intent?: { last_payment_error: { decline_code: string } };
}
interface WireBody {
  id?: string;
  status?: string;
  error: WireError;
}

let fake: FakeStripeServer;
beforeAll(async () => {
  fake = await startFakeStripeServer({ secretKey: 'sk_test_wire', webhookSecret: 'whsec_wire' });
});
afterAll(async () => fake.close());

const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_wire',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body,
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as WireBody,
  };
};

describe('parseStripeForm', () => {
  it('reads bracket keys into objects and indexed keys into arrays', () => {
    const body =
      'amount=2500&metadata[paymentId]=p%201&metadata[userId]=u&allowed_payment_method_types[0]=card' +
      '&allowed_payment_method_types[1]=link&automatic_payment_methods[enabled]=true';
    expect(parseStripeForm(body)).toEqual({
      amount: '2500',
      metadata: { paymentId: 'p 1', userId: 'u' },
      allowed_payment_method_types: ['card', 'link'],
      automatic_payment_methods: { enabled: 'true' },
    });
    expect(parseStripeForm('metadata%5Bk%5D=v')).toEqual({ metadata: { k: 'v' } });
    expect(() => parseStripeForm('a[b=1')).toThrow('Invalid parameter name: a[b');
  });
});

describe('fake Stripe wire format', () => {
  it('checks the bearer key like Stripe', async () => {
    const none = await post('/v1/payment_intents', 'amount=100', { authorization: '' });
    expect(none.status).toBe(401);
    expect(none.json.error).toMatchObject({
      type: 'invalid_request_error',
      message: /did not provide an API key/,
    });
    const wrong = await post('/v1/payment_intents', 'amount=100', {
      authorization: 'Bearer sk_test_other9999',
    });
    expect(wrong.json.error.message).toBe('Invalid API Key provided: sk_test_****9999');
  });

  it('answers a succeeded PaymentIntent object and can read it back', async () => {
    const created = await post(
      '/v1/payment_intents',
      'amount=1500&currency=usd&payment_method=pm_card_visa&confirm=true&metadata[paymentId]=p1',
    );
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      object: 'payment_intent',
      amount: 1500,
      amount_received: 1500,
      currency: 'usd',
      status: 'succeeded',
      metadata: { paymentId: 'p1' },
      last_payment_error: null,
    });
    expect(created.json.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    const read = await fetch(`${fake.url}/v1/payment_intents/${created.json.id}`, {
      headers: { authorization: 'Bearer sk_test_wire' },
    });
    expect(((await read.json()) as { status: string }).status).toBe('succeeded');
  });

  it('answers a decline with a 402 card_error envelope carrying the PaymentIntent', async () => {
    const { status, json } = await post(
      '/v1/payment_intents',
      'amount=1500&currency=usd&payment_method=pm_card_chargeDeclinedInsufficientFunds&confirm=true',
    );
    expect(status).toBe(402);
    expect(json.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      payment_intent: { object: 'payment_intent', status: 'requires_payment_method' },
    });
    expect(json.error.charge).toMatch(/^ch_/);
    expect(json.error.payment_intent?.last_payment_error.decline_code).toBe('insufficient_funds');
  });

  it('waits in requires_action for a 3D Secure card unless told to error instead', async () => {
    const body = 'amount=1500&currency=usd&payment_method=pm_card_threeDSecure2Required&confirm=true';
    expect((await post('/v1/payment_intents', body)).json.status).toBe('requires_action');
    const refused = await post('/v1/payment_intents', `${body}&error_on_requires_action=true`);
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('authentication_required');
  });

  it('refuses missing and unknown parameters with invalid_request_error', async () => {
    const missing = await post('/v1/payment_intents', 'currency=usd');
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({ code: 'parameter_missing', param: 'amount' });
    const unknown = await post(
      '/v1/payment_intents',
      'amount=1500&currency=usd&payment_method=pm_x&confirm=true',
    );
    expect(unknown.json.error).toMatchObject({
      param: 'payment_method',
      message: "No such PaymentMethod: 'pm_x'",
    });
    expect((await post('/v1/charges', 'amount=1')).status).toBe(404);
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const body = 'amount=2000&currency=usd&payment_method=pm_card_visa&confirm=true';
    const first = await post('/v1/payment_intents', body, { 'idempotency-key': 'wire-key-1' });
    const again = await post('/v1/payment_intents', body, { 'idempotency-key': 'wire-key-1' });
    expect(again.json.id).toBe(first.json.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await post('/v1/payment_intents', body.replace('2000', '3000'), {
      'idempotency-key': 'wire-key-1',
    });
    expect(other.status).toBe(400);
    expect(other.json.error.type).toBe('idempotency_error');
  });

  it('signs webhooks exactly as the Stripe SDK’s test helper does', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    expect(fake.signatureHeader(payload, { timestamp: 1_800_000_000 })).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wire', timestamp: 1_800_000_000 }),
    );
  });

  it('delivers each event to a webhook URL as it happens, signed over the raw body', async () => {
    const receiver = await startRecorder();
    const pushing = await startFakeStripeServer({ webhookUrl: `${receiver.base}/hook` });
    try {
      await chargeVisa(pushing);
      const deliveries = await pushing.settled();
      expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
      const types = receiver.received.map(({ body, signature }) => {
        const event = Stripe.webhooks.constructEvent(body, signature, pushing.webhookSecret);
        return event.type;
      });
      // Stripe does not promise delivery order; both arrive, each verified.
      expect(types.sort()).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
    } finally {
      await pushing.close();
      await receiver.close();
    }
  });

  it('delivers to each endpoint only the events it is enabled for, signed with its own secret', async () => {
    const { base, received, close } = await startRecorder();
    const nowhere = await startFakeStripeServer();
    await nowhere.close();
    const pushing = await startFakeStripeServer({
      webhookEndpoints: [{ url: `${base}/deposits`, enabledEvents: ['payment_intent.succeeded'] }],
    });
    pushing.addWebhookEndpoint({
      url: `${base}/billing`,
      enabledEvents: ['customer.subscription.created', 'checkout.session.completed'],
      secret: 'whsec_billing',
    });
    pushing.addWebhookEndpoint({ url: `${nowhere.url}/gone`, enabledEvents: ['checkout.session.completed'] });
    try {
      const stripe = await chargeVisa(pushing);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: pushing.proPriceId, quantity: 1 }],
        success_url: 'http://127.0.0.1/done',
      });
      await pushing.billing.completeCheckout(session.id);
      // An endpoint that cannot be reached is a failed delivery, as at Stripe; nothing throws.
      expect((await pushing.settled()).map((d) => d.status).sort()).toEqual([0, 200, 200, 200]);
      const typesAt = (url: string) => received.filter((r) => r.url === url).map((r) => r.type);
      expect(typesAt('/deposits')).toEqual(['payment_intent.succeeded']);
      // A lever's events arrive one after the other, in Stripe's order.
      expect(typesAt('/billing')).toEqual(['customer.subscription.created', 'checkout.session.completed']);
      expect(received).toHaveLength(3);
      for (const { url, body, signature } of received) {
        const secret = url === '/billing' ? 'whsec_billing' : pushing.webhookSecret;
        expect(Stripe.webhooks.constructEvent(body, signature, secret).id).toMatch(/^evt_/);
      }
      // Every event is kept, delivered or not.
      expect(pushing.events.map((e) => e.type)).toEqual([
        'payment_intent.created',
        'payment_intent.succeeded',
        'customer.created',
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
      ]);
    } finally {
      await pushing.close();
      await close();
    }
  });
});

/** A webhook receiver over real HTTP that keeps what it is sent and answers 200. */
async function startRecorder() {
  const received: { url: string; type: string; signature: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const { type } = JSON.parse(body) as { type: string };
      received.push({ url: req.url ?? '', type, signature: String(req.headers['stripe-signature']), body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A succeeded card payment through the SDK; answers the client. */
async function chargeVisa(server: FakeStripeServer): Promise<Stripe> {
  const stripe = new Stripe(server.secretKey, { ...server.endpoint, maxNetworkRetries: 0 });
  await stripe.paymentIntents.create({
    amount: 1000,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
  });
  return stripe;
}
