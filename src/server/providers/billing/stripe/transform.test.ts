import { describe, expect, it } from 'vitest';
import {
  completedCheckoutSession,
  eventOf,
  legacySubscription,
  paymentCheckoutSession,
  PERIOD_END,
  portalCancelledSubscription,
  subscription,
} from './testdata/stripe-billing-payloads';
import {
  readBillingEvent,
  toCheckoutParams,
  toSubscriptionState,
  userIdOf,
  type AnySubscription,
} from './transform';

const asSubscription = (value: unknown) => value as AnySubscription;
const checkoutInput = {
  userId: 'user_42',
  email: 'trader@example.com',
  successUrl: 'https://signals.example.com/settings?plan=upgraded#plan',
  cancelUrl: 'https://signals.example.com/settings#plan',
};

describe('toCheckoutParams', () => {
  it('sells the Pro price to our user, by email the first time', () => {
    expect(toCheckoutParams({ ...checkoutInput, customerId: null }, 'price_pro')).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_pro', quantity: 1 }],
      client_reference_id: 'user_42',
      subscription_data: { metadata: { userId: 'user_42' } },
      metadata: { userId: 'user_42' },
      success_url: checkoutInput.successUrl,
      cancel_url: checkoutInput.cancelUrl,
      customer_email: 'trader@example.com',
    });
  });

  it('reuses a Stripe customer, but not one left by the simulated provider', () => {
    const again = toCheckoutParams({ ...checkoutInput, customerId: 'cus_Q1' }, 'price_pro');
    expect(again).toMatchObject({ customer: 'cus_Q1' });
    expect(again).not.toHaveProperty('customer_email');
    const fromSimulated = toCheckoutParams({ ...checkoutInput, customerId: 'sim_cus_user_42' }, 'price_pro');
    expect(fromSimulated).toMatchObject({ customer_email: 'trader@example.com' });
    expect(fromSimulated).not.toHaveProperty('customer');
  });
});

describe('toSubscriptionState', () => {
  const expected = {
    customerId: 'cus_QabcDEF123ghi4',
    subscriptionId: 'sub_1QabcDEF123ghi456JKL789m',
    status: 'active',
    currentPeriodEnd: new Date(PERIOD_END * 1000),
    cancelAtPeriodEnd: false,
  };

  it('reads the period end from the items (basil and later) or the subscription (before)', () => {
    expect(toSubscriptionState(asSubscription(subscription))).toEqual(expected);
    expect(toSubscriptionState(asSubscription(legacySubscription))).toEqual(expected);
    expect(userIdOf(subscription)).toBe('user_42');
    expect(userIdOf({ metadata: {} })).toBeNull();
  });

  it('counts cancel_at_period_end and a portal cancellation (cancel_at alone) alike', () => {
    const viaApi = { ...subscription, cancel_at_period_end: true, cancel_at: PERIOD_END };
    expect(toSubscriptionState(asSubscription(viaApi)).cancelAtPeriodEnd).toBe(true);
    expect(toSubscriptionState(asSubscription(portalCancelledSubscription))).toEqual({
      ...expected,
      cancelAtPeriodEnd: true,
    });
  });

  it('ends at an earlier cancel_at, and renews when cancel_at lies beyond the period', () => {
    const early = { ...subscription, cancel_at: PERIOD_END - 3_600 };
    expect(toSubscriptionState(asSubscription(early))).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date((PERIOD_END - 3_600) * 1000),
    });
    const later = { ...subscription, cancel_at: PERIOD_END + 86_400 };
    expect(toSubscriptionState(asSubscription(later))).toEqual(expected);
  });

  it('takes the earliest item end (Stripe ends mixed intervals there) and an expanded customer', () => {
    const [item] = subscription.items.data;
    const mixed = {
      ...subscription,
      customer: { id: 'cus_QabcDEF123ghi4', object: 'customer' },
      items: { ...subscription.items, data: [{ ...item, current_period_end: PERIOD_END + 99 }, item] },
    };
    expect(toSubscriptionState(asSubscription(mixed))).toEqual(expected);
  });

  it('refuses a status it does not know and a subscription with no period end', () => {
    expect(() => toSubscriptionState(asSubscription({ ...subscription, status: 'frozen' }))).toThrow(
      'Unknown Stripe subscription status: frozen',
    );
    const noPeriod = { ...legacySubscription, current_period_end: undefined };
    expect(() => toSubscriptionState(asSubscription(noPeriod))).toThrow(/has no current period end/);
  });
});

describe('readBillingEvent', () => {
  it('reads the three subscription events', () => {
    for (const type of ['created', 'updated', 'deleted']) {
      const read = readBillingEvent(eventOf(`customer.subscription.${type}`, subscription) as never);
      expect(read).toEqual({ kind: 'subscription', subscription });
    }
  });

  it('reads a completed subscription Checkout as the subscription to fetch, with our user id', () => {
    expect(
      readBillingEvent(eventOf('checkout.session.completed', completedCheckoutSession) as never),
    ).toEqual({
      kind: 'checkout',
      subscriptionId: 'sub_1QabcDEF123ghi456JKL789m',
      userId: 'user_42',
    });
    const anonymous = { ...completedCheckoutSession, client_reference_id: null };
    expect(readBillingEvent(eventOf('checkout.session.completed', anonymous) as never)).toMatchObject({
      userId: null,
    });
  });

  it('answers null for a payment Checkout and for every other event', () => {
    expect(
      readBillingEvent(eventOf('checkout.session.completed', paymentCheckoutSession) as never),
    ).toBeNull();
    expect(readBillingEvent(eventOf('invoice.paid', { id: 'in_1', object: 'invoice' }) as never)).toBeNull();
    expect(readBillingEvent(eventOf('customer.subscription.paused', subscription) as never)).toBeNull();
  });

  it('refuses a subscription event that carries something else', () => {
    expect(() =>
      readBillingEvent(eventOf('customer.subscription.updated', completedCheckoutSession) as never),
    ).toThrow('customer.subscription.updated carries no subscription');
  });
});
