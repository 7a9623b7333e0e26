import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_PROVIDER_UNAVAILABLE_MESSAGE,
  CardProviderUnavailableError,
  CardWebhookError,
  type CardProvider,
  type CardWebhookEvent,
  type ChargeRequest,
} from '../card-provider';
import { startFakeStripeServer, type FakeStripeServer } from './fake-stripe-server';
import { createStripeCardProvider, type StripeCardProviderOptions } from './index';

let fake: FakeStripeServer;
let provider: CardProvider;
let seq = 0;

const providerFor = (overrides: Partial<StripeCardProviderOptions> = {}) =>
  createStripeCardProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    endpoint: fake.endpoint,
    timeoutMs: 2_000,
    maxNetworkRetries: 0,
    ...overrides,
  });

const deposit = (paymentMethodId: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest => {
  const paymentId = `pay-${++seq}`;
  return {
    amountCents: 2_500,
    paymentMethodId,
    idempotencyKey: paymentId,
    metadata: { paymentId, userId: 'user_1' },
    ...overrides,
  };
};

/** The events the fake emitted for one PaymentIntent, by type. */
const eventFor = (providerRef: string, type: string) => {
  const event = fake.events.find(
    (e) => e.type === type && (e.data as { object: { id: string } }).object.id === providerRef,
  );
  if (!event) throw new Error(`no ${type} event for ${providerRef}`);
  return event;
};

/** A stand-in for our webhook route: raw body in, parseWebhook, 200 or 400. */
async function startReceiver(target: () => CardProvider) {
  const parsed: (CardWebhookEvent | null)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const signature = req.headers['stripe-signature'];
        parsed.push(
          target().parseWebhook(Buffer.concat(chunks), typeof signature === 'string' ? signature : undefined),
        );
        res.writeHead(200).end('{"received":true}');
      } catch (error) {
        res.writeHead(400).end(JSON.stringify({ error: (error as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/payments/webhook/stripe`, parsed, close: () => server.close() };
}

beforeAll(async () => {
  fake = await startFakeStripeServer();
  provider = providerFor();
});
afterAll(async () => fake.close());

describe('Stripe card provider against the loopback fake Stripe', () => {
  it('creates and confirms a card PaymentIntent, pending until the signed webhook completes it', async () => {
    const request = deposit('pm_card_visa');
    const result = await provider.charge(request);
    expect(result.status).toBe('pending');
    const intent = fake.paymentIntents.get(result.providerRef ?? '');
    expect(intent).toMatchObject({ status: 'succeeded', amount: 2_500, currency: 'usd' });

    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      authorization: `Bearer ${fake.secretKey}`,
      idempotencyKey: request.idempotencyKey,
      params: {
        amount: '2500',
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: 'true',
        error_on_requires_action: 'true',
        allowed_payment_method_types: ['card'],
        metadata: { paymentId: request.metadata.paymentId, userId: 'user_1' },
      },
    });

    const receiver = await startReceiver(() => provider);
    try {
      const created = await fake.deliver(
        eventFor(result.providerRef ?? '', 'payment_intent.created'),
        receiver.url,
      );
      const succeeded = eventFor(result.providerRef ?? '', 'payment_intent.succeeded');
      const delivery = await fake.deliver(succeeded, receiver.url);
      expect([created.status, delivery.status]).toEqual([200, 200]);
      expect(receiver.parsed).toEqual([
        null,
        {
          kind: 'succeeded',
          providerRef: result.providerRef,
          paymentId: request.metadata.paymentId,
          eventId: succeeded.id,
        },
      ]);
    } finally {
      receiver.close();
    }
  });

  it('fails a declined card at once with Stripe’s message; the payment_failed event agrees', async () => {
    const result = await provider.charge(deposit('pm_card_chargeDeclinedInsufficientFunds'));
    expect(result).toMatchObject({ status: 'failed', reason: 'Your card has insufficient funds.' });
    expect(result.providerRef).toMatch(/^pi_/);
    const event = eventFor(result.providerRef ?? '', 'payment_intent.payment_failed');
    const payload = JSON.stringify(event);
    expect(provider.parseWebhook(payload, fake.signatureHeader(payload))).toMatchObject({
      kind: 'failed',
      providerRef: result.providerRef,
      reason: 'Your card has insufficient funds.',
    });
    expect(await provider.charge(deposit('pm_card_chargeDeclinedExpiredCard'))).toMatchObject({
      reason: 'Your card has expired.',
    });
    expect(await provider.charge(deposit('pm_card_threeDSecure2Required'))).toMatchObject({
      status: 'failed',
      reason: 'Your card was declined. This transaction requires authentication.',
    });
  });

  it('fails an unknown payment method without creating a PaymentIntent', async () => {
    const before = fake.paymentIntents.size;
    expect(await provider.charge(deposit('pm_nope'))).toEqual({
      status: 'failed',
      providerRef: null,
      reason: "No such PaymentMethod: 'pm_nope'",
    });
    expect(fake.paymentIntents.size).toBe(before);
  });

  it('charges once per idempotency key: a retry gets the same PaymentIntent', async () => {
    const request = deposit('pm_card_mastercard');
    const before = fake.paymentIntents.size;
    const first = await provider.charge(request);
    const retry = await provider.charge(request);
    expect(retry).toEqual(first);
    expect(fake.paymentIntents.size).toBe(before + 1);
    const sent = fake.requests.filter((r) => r.idempotencyKey === request.idempotencyKey);
    expect(sent.map((r) => r.replayed)).toEqual([false, true]);

    const declined = deposit('pm_card_chargeDeclined');
    const firstDecline = await provider.charge(declined);
    expect(await provider.charge(declined)).toEqual(firstDecline);
    expect(fake.paymentIntents.size).toBe(before + 2);
  });

  it('refuses a webhook with a wrong secret, a tampered body, no signature or an old timestamp', () => {
    const event = fake.events.find((e) => e.type === 'payment_intent.succeeded');
    const payload = JSON.stringify(event);
    const wrongSecret = fake.signatureHeader(payload, { secret: 'whsec_someone_else' });
    expect(() => provider.parseWebhook(payload, wrongSecret)).toThrow(CardWebhookError);
    expect(() => provider.parseWebhook(payload, wrongSecret)).toThrow(
      /^Invalid Stripe signature: No signatures found/,
    );

    const tampered = payload
      .replace('"amount": 2500', '"amount": 250000')
      .replace('"amount":2500', '"amount":250000');
    expect(tampered).not.toBe(payload);
    expect(() => provider.parseWebhook(tampered, fake.signatureHeader(payload))).toThrow(CardWebhookError);

    expect(() => provider.parseWebhook(payload, undefined)).toThrow('Missing Stripe-Signature header');
    expect(() => provider.parseWebhook(payload, 'garbage')).toThrow(CardWebhookError);

    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() =>
      provider.parseWebhook(payload, fake.signatureHeader(payload, { timestamp: tenMinutesAgo })),
    ).toThrow('Invalid Stripe signature: Timestamp outside the tolerance zone');
    // The same header is accepted by a provider whose clock stands at the signing time.
    const then = providerFor({ clock: () => tenMinutesAgo * 1000 });
    expect(
      then.parseWebhook(payload, fake.signatureHeader(payload, { timestamp: tenMinutesAgo }))?.kind,
    ).toBe('succeeded');

    expect(() => provider.parseWebhook('not json', fake.signatureHeader('not json'))).toThrow(
      'Stripe webhook body is not a JSON event',
    );
  });

  it('reports a Stripe 500 as unavailable; the same key then charges normally', async () => {
    const request = deposit('pm_card_visa');
    fake.failNext({ status: 500 });
    const error = await provider.charge(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardProviderUnavailableError);
    expect((error as Error).message).toBe(CARD_PROVIDER_UNAVAILABLE_MESSAGE);
    expect((await provider.charge(request)).status).toBe('pending');
  });

  it('retries a 5xx under the same idempotency key when allowed, and charges once', async () => {
    const retrying = providerFor({ maxNetworkRetries: 1 });
    const request = deposit('pm_card_amex');
    const before = fake.paymentIntents.size;
    fake.failNext({ status: 503 });
    expect((await retrying.charge(request)).status).toBe('pending');
    const sent = fake.requests.filter((r) => r.idempotencyKey === request.idempotencyKey);
    expect(sent).toHaveLength(2);
    expect(fake.paymentIntents.size).toBe(before + 1);
  });

  it('gives up on a hanging Stripe within its timeout', async () => {
    const impatient = providerFor({ timeoutMs: 300 });
    fake.failNext({ hang: true });
    const started = Date.now();
    await expect(impatient.charge(deposit('pm_card_visa'))).rejects.toBeInstanceOf(
      CardProviderUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a refused secret key and an unreachable Stripe as unavailable', async () => {
    const wrongKey = providerFor({ secretKey: 'sk_test_not_ours_1234' });
    const refused = await wrongKey.charge(deposit('pm_card_visa')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CardProviderUnavailableError);
    expect(String((refused as Error).cause)).toMatch(/Invalid API Key provided: sk_test_\*\*\*\*1234/);

    const closed = await startFakeStripeServer();
    const endpoint = closed.endpoint;
    await closed.close();
    const nowhere = providerFor({ endpoint });
    await expect(nowhere.charge(deposit('pm_card_visa'))).rejects.toBeInstanceOf(
      CardProviderUnavailableError,
    );
  });
});
