import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planViewSchema, type PlanView } from '../../../contract/billing';
import { auditLogs } from '../../db/schema';
import type { FakeStripeServer } from '../../providers/payments/stripe/fake-stripe-server';
import { createStripeTestApp } from '../../testing/stripe-app';
import { signUp, type TestApp, type TestUser } from '../../testing/test-app';

/*
 * Stripe Billing end to end: the real adapter (official SDK) against the loopback fake, whose
 * signed events reach the app's webhook over HTTP. Checkout makes a trader Pro; a failed renewal
 * keeps Pro while Stripe retries and ends it when Stripe gives up; a cancellation keeps Pro to the
 * period's end; a replayed, tampered or unsigned event changes nothing.
 */
const HOOK_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

describe('Pro through Stripe Billing', () => {
  let fake: FakeStripeServer;
  let t: TestApp;
  let hook: string;

  beforeAll(async () => {
    let base: string;
    ({ fake, t, base } = await createStripeTestApp());
    hook = `${base}/api/billing/webhook/stripe`;
    fake.addWebhookEndpoint({ url: hook, enabledEvents: HOOK_EVENTS });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const as = (user: TestUser, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: user.auth, ...(method === 'POST' && { payload: {} }) });
  const planOf = async (user: TestUser): Promise<PlanView> =>
    planViewSchema.parse((await as(user, 'GET', '/api/billing/plan')).json());
  async function subscribe(name: string) {
    const user = await signUp(t.app, name);
    const started = await as(user, 'POST', '/api/billing/checkout');
    expect(started.statusCode, started.body).toBe(200);
    const url = started.json<{ url: string }>().url;
    expect(url.startsWith(`${fake.url}/checkout/`)).toBe(true);
    // Still Free until Stripe says the Checkout was paid.
    expect((await planOf(user)).plan).toBe('free');
    const subscription = await fake.billing.completeCheckout(url.split('/').at(-1)!);
    return { user, subscriptionId: subscription.id as string };
  }

  it('makes a trader Pro when Stripe reports the paid Checkout, and opens the portal', async () => {
    const { user } = await subscribe('Kim');
    expect(await planOf(user)).toMatchObject({
      plan: 'pro',
      status: 'active',
      provider: 'stripe',
      portal: true,
    });
    const session = fake.billing.checkoutSessions.values().next().value as Record<string, unknown>;
    expect(session).toMatchObject({ client_reference_id: user.id, mode: 'subscription' });
    const portal = await as(user, 'POST', '/api/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json<{ url: string }>().url.startsWith(fake.url)).toBe(true);
  });

  it('keeps Pro while Stripe retries a failed renewal, and ends it when Stripe gives up', async () => {
    const { user, subscriptionId } = await subscribe('Lou');
    await fake.billing.renewalFails(subscriptionId, { afterRetries: 'past_due' });
    expect(await planOf(user)).toMatchObject({ plan: 'pro', status: 'past_due' });
    await fake.billing.renewalFails(subscriptionId);
    expect(await planOf(user)).toMatchObject({ plan: 'free', status: 'canceled' });
    const sources = await t.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.action, 'billing.plan_change')));
    // Checkout; the renewal moving the period on; Stripe retrying it; Stripe giving up.
    const after = sources.map((r) => (r.details as { after: { plan: string; status: string } }).after);
    expect(after.map((a) => `${a.plan} ${a.status}`)).toEqual([
      'pro active',
      'pro active',
      'pro past_due',
      'free canceled',
    ]);
  });

  it('keeps a cancelled Pro to the end of the paid period', async () => {
    const { user, subscriptionId } = await subscribe('Max');
    const cancelled = await as(user, 'POST', '/api/billing/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true });
    await fake.settled();
    expect(await planOf(user)).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true });
    await fake.billing.endPeriod(subscriptionId);
    expect(await planOf(user)).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it('applies each event once and refuses tampered or unsigned ones', async () => {
    const { user } = await subscribe('Ned');
    const created = fake.events.find(
      (e) =>
        e.type === 'customer.subscription.created' &&
        ((e.data as { object: { metadata?: { userId?: string } } }).object.metadata?.userId ?? '') ===
          user.id,
    )!;
    const audits = async () =>
      (
        await t.db
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.action, 'billing.plan_change')))
      ).length;
    const before = await audits();
    expect((await fake.deliver(created, hook)).status).toBe(200);
    expect(await audits()).toBe(before);

    const body = JSON.stringify({ ...created, id: 'evt_forged' });
    const forged = await fetch(hook, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': fake.signatureHeader(body, { secret: 'whsec_wrong' }),
      },
      body,
    });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(400);
    expect((await planOf(user)).plan).toBe('pro');
    expect(await audits()).toBe(before);
  });
});
