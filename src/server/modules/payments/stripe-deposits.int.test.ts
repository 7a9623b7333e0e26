import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '../../../contract/payments';
import { ledgerEntries, payments } from '../../db/schema';
import { STRIPE_NETWORK_RETRIES } from '../../providers/payments/stripe/api';
import type { FakeStripeServer } from '../../providers/payments/stripe/fake-stripe-server';
import { createStripeTestApp } from '../../testing/stripe-app';
import { signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { CARD_UNAVAILABLE } from './payments.service';
import { balanceOf, expectLedgerWhole, postDeposit } from './testing/payments-helpers';

/**
 * PAYMENTS_PROVIDER=stripe end to end: the real adapter (official SDK) against the loopback fake
 * Stripe, and Stripe's signed events delivered to the webhook route over real HTTP.
 */
type Json = Record<string, unknown>;
const WEBHOOK = '/api/payments/webhook/stripe';

let fake: FakeStripeServer;
let t: TestApp;
let webhookUrl: string;

beforeAll(async () => {
  let base: string;
  ({ fake, t, base } = await createStripeTestApp());
  webhookUrl = `${base}${WEBHOOK}`;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const entriesOf = (id: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, id));

/** The event Stripe emitted for a PaymentIntent, e.g. payment_intent.succeeded. */
function eventFor(providerRef: string, type: string): Json {
  const event = fake.events.find(
    (e) => e.type === type && ((e.data as Json).object as Json).id === providerRef,
  );
  if (!event) throw new Error(`the fake emitted no ${type} for ${providerRef}`);
  return event;
}

/** A copy of `event` as another event of `type` (as Stripe would send for the same PaymentIntent). */
function asEvent(event: Json, type: string, change: (intent: Json) => void = () => {}): Json {
  const copy = structuredClone(event);
  copy.id = `evt_${randomUUID().replaceAll('-', '')}`;
  copy.type = type;
  change((copy.data as Json).object as Json);
  return copy;
}

async function pendingDeposit(user: TestUser, amount: number, paymentMethodId = 'pm_card_visa') {
  const res = await postDeposit(t.app, user, { amount, paymentMethodId });
  expect(res.statusCode).toBe(200);
  const body = res.json<PaymentResult>();
  expect(body.payment.status).toBe('pending');
  const row = await paymentRow(body.payment.id);
  expect(row.providerRef).toMatch(/^pi_/);
  return { body, row };
}

describe('stripe deposits', () => {
  it('stay pending until the signed webhook completes them, exactly once', async () => {
    const user = await signUp(t.app);
    const { body, row } = await pendingDeposit(user, 42.5);
    expect(body.balance).toBe(0);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 0, held: 0 });
    expect(await entriesOf(row.id)).toEqual([]);
    // Stripe was asked once, under our payment id as the idempotency key.
    const charges = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(charges.filter((r) => r.idempotencyKey === row.id)).toHaveLength(1);

    const succeeded = eventFor(row.providerRef!, 'payment_intent.succeeded');
    const delivered = await fake.deliver(succeeded, webhookUrl);
    expect(delivered).toEqual({ status: 200, body: JSON.stringify({ received: true }) });
    expect(await paymentRow(row.id)).toMatchObject({ status: 'completed' });
    expect(await balanceOf(t.app, user)).toEqual({ balance: 42.5, held: 0 });

    // The same event again, and a failure for the same charge arriving late: nothing changes.
    expect((await fake.deliver(succeeded, webhookUrl)).status).toBe(200);
    expect((await fake.deliver(asEvent(succeeded, 'payment_intent.succeeded'), webhookUrl)).status).toBe(200);
    const lateFailure = asEvent(succeeded, 'payment_intent.payment_failed', (intent) => {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message: 'Your card was declined.' };
    });
    expect((await fake.deliver(lateFailure, webhookUrl)).status).toBe(200);
    expect(await paymentRow(row.id)).toMatchObject({ status: 'completed', rejectReason: null });
    expect(await entriesOf(row.id)).toHaveLength(2);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 42.5, held: 0 });
    await expectLedgerWhole(t.app);
  });

  it('a failure webhook fails a pending deposit with Stripe’s reason; a later success changes nothing', async () => {
    const user = await signUp(t.app);
    const { row } = await pendingDeposit(user, 15);
    const failed = asEvent(
      eventFor(row.providerRef!, 'payment_intent.succeeded'),
      'payment_intent.payment_failed',
      (intent) => {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { message: 'Your card has insufficient funds.' };
      },
    );
    expect((await fake.deliver(failed, webhookUrl)).status).toBe(200);
    expect(await paymentRow(row.id)).toMatchObject({
      status: 'failed',
      rejectReason: 'Your card has insufficient funds.',
    });
    const success = eventFor(row.providerRef!, 'payment_intent.succeeded');
    expect((await fake.deliver(success, webhookUrl)).status).toBe(200);
    expect(await paymentRow(row.id)).toMatchObject({ status: 'failed' });
    expect(await entriesOf(row.id)).toEqual([]);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 0, held: 0 });
  });

  it('a declined card fails at once with 402 and Stripe’s message; its webhook changes nothing', async () => {
    const user = await signUp(t.app);
    const res = await postDeposit(t.app, user, { amount: 30, paymentMethodId: 'pm_card_chargeDeclined' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Your card was declined.' });
    const [row] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(row).toMatchObject({ status: 'failed', rejectReason: 'Your card was declined.' });
    if (row!.providerRef) {
      const event = eventFor(row!.providerRef, 'payment_intent.payment_failed');
      expect((await fake.deliver(event, webhookUrl)).status).toBe(200);
    }
    expect(await paymentRow(row!.id)).toMatchObject({ status: 'failed' });
    expect(await balanceOf(t.app, user)).toEqual({ balance: 0, held: 0 });
  });

  it('an unknown payment method is refused with Stripe’s message', async () => {
    const user = await signUp(t.app);
    const res = await postDeposit(t.app, user, { amount: 30, paymentMethodId: 'pm_nothing_here' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: "No such PaymentMethod: 'pm_nothing_here'" });
  });

  it('Stripe down: the deposit fails with 503; a late success for it still credits the charge', async () => {
    const user = await signUp(t.app);
    // The first attempt and the SDK's one retry (STRIPE_NETWORK_RETRIES) both fail.
    fake.failNext({ status: 500, times: STRIPE_NETWORK_RETRIES + 1 });
    const res = await postDeposit(t.app, user, { amount: 25 });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: CARD_UNAVAILABLE });
    const [row] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(row).toMatchObject({ status: 'failed', rejectReason: CARD_UNAVAILABLE, providerRef: null });

    // Stripe had in fact charged it (the answer was lost): its succeeded event completes the deposit.
    const template = fake.events.find((e) => e.type === 'payment_intent.succeeded') as Json;
    const late = asEvent(template, 'payment_intent.succeeded', (intent) => {
      intent.id = `pi_late_${randomUUID().replaceAll('-', '')}`;
      intent.amount = 2_500;
      intent.metadata = { paymentId: row!.id, userId: user.id };
    });
    expect((await fake.deliver(late, webhookUrl)).status).toBe(200);
    expect(await paymentRow(row!.id)).toMatchObject({ status: 'completed', rejectReason: null });
    expect(await balanceOf(t.app, user)).toEqual({ balance: 25, held: 0 });
    expect((await fake.deliver(late, webhookUrl)).status).toBe(200);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 25, held: 0 });
  });
});

describe('the stripe webhook route', () => {
  const post = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
      payload,
    });

  it('refuses a missing, wrong or stale signature and a tampered body with 400, changing nothing', async () => {
    const user = await signUp(t.app);
    const { row } = await pendingDeposit(user, 11);
    const event = eventFor(row.providerRef!, 'payment_intent.succeeded');
    const payload = JSON.stringify(event);
    const tampered = JSON.stringify(asEvent(event, 'payment_intent.succeeded', (i) => (i.amount = 999_900)));
    const cases = [
      post(payload),
      post(payload, fake.signatureHeader(payload, { secret: 'whsec_wrong' })),
      post(payload, fake.signatureHeader(payload, { timestamp: Math.floor(Date.now() / 1000) - 3_600 })),
      post(tampered, fake.signatureHeader(payload)),
      post('not json', fake.signatureHeader('not json')),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
    expect(await paymentRow(row.id)).toMatchObject({ status: 'pending' });
    expect(await balanceOf(t.app, user)).toEqual({ balance: 0, held: 0 });
  });

  it('acknowledges a signed event for a payment it does not know (200), and changes nothing', async () => {
    const before = await t.db.$count(ledgerEntries);
    const template = fake.events.find((e) => e.type === 'payment_intent.succeeded') as Json;
    const unknown = asEvent(template, 'payment_intent.succeeded', (intent) => {
      intent.id = 'pi_not_ours_123';
      intent.metadata = { paymentId: randomUUID() };
    });
    const payload = JSON.stringify(unknown);
    const res = await post(payload, fake.signatureHeader(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await t.db.$count(ledgerEntries)).toBe(before);
  });

  it('needs no session: it is authenticated by the signature alone', async () => {
    const route = t.app.routeTable.find((r) => r.url === WEBHOOK);
    expect(route).toEqual({ method: 'POST', url: WEBHOOK, auth: 'signature', apiKey: 'none' });
  });
});
