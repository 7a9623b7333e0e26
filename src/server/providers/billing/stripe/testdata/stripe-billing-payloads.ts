/**
 * Stripe Billing payloads for the transform tests, written out by hand in the shapes of Stripe's
 * API reference (Event, Subscription, Checkout Session) for a one-price monthly subscription;
 * trimmed to the fields that matter plus a few that do not. Independent of the fake server, so the
 * transforms are not only checked against our own fake. 1_795_000_000 is 2026-11-18T08:26:40Z.
 */

export const PERIOD_START = 1_795_000_000;
export const PERIOD_END = PERIOD_START + 30 * 24 * 60 * 60;

/** A subscription at the SDK's API version (2026-10-28.endive): the period is on the item. */
export const subscription = {
  id: 'sub_1QabcDEF123ghi456JKL789m',
  object: 'subscription',
  billing_cycle_anchor: PERIOD_START,
  billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: PERIOD_START },
  cancel_at: null,
  cancel_at_period_end: false,
  canceled_at: null,
  collection_method: 'charge_automatically',
  created: PERIOD_START,
  currency: 'usd',
  customer: 'cus_QabcDEF123ghi4',
  items: {
    object: 'list',
    data: [
      {
        id: 'si_QabcDEF123ghi4',
        object: 'subscription_item',
        current_period_start: PERIOD_START,
        current_period_end: PERIOD_END,
        price: { id: 'price_1QabcDEF123ghi456JKL789p', object: 'price', unit_amount: 4900 },
        quantity: 1,
      },
    ],
    has_more: false,
  },
  latest_invoice: 'in_1QabcDEF123ghi456JKL789q',
  livemode: false,
  metadata: { userId: 'user_42' },
  start_date: PERIOD_START,
  status: 'active',
};

/** The same subscription as an endpoint on an API version before 2025-03-31.basil renders it. */
export const legacySubscription = {
  ...subscription,
  items: { object: 'list', data: [{ ...subscription.items.data[0], current_period_end: undefined }] },
  current_period_start: PERIOD_START,
  current_period_end: PERIOD_END,
};

/** Cancelled in the customer portal on flexible billing: only cancel_at, at the period's end. */
export const portalCancelledSubscription = {
  ...subscription,
  cancel_at: PERIOD_END,
  canceled_at: PERIOD_START + 86_400,
  cancel_at_period_end: false,
};

export function eventOf(type: string, object: unknown, created = PERIOD_START + 5) {
  return {
    id: 'evt_1QabcDEF123ghi456JKL789r',
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export const completedCheckoutSession = {
  id: 'cs_test_a1QabcDEF123ghi456JKL789s',
  object: 'checkout.session',
  amount_total: 4900,
  cancel_url: 'https://signals.example.com/settings#plan',
  client_reference_id: 'user_42',
  created: PERIOD_START - 60,
  currency: 'usd',
  customer: 'cus_QabcDEF123ghi4',
  customer_email: 'trader@example.com',
  livemode: false,
  metadata: { userId: 'user_42' },
  mode: 'subscription',
  payment_status: 'paid',
  status: 'complete',
  subscription: 'sub_1QabcDEF123ghi456JKL789m',
  success_url: 'https://signals.example.com/settings?plan=upgraded#plan',
  url: null,
};

/** A one-off payment Checkout (not ours to read). */
export const paymentCheckoutSession = {
  ...completedCheckoutSession,
  id: 'cs_test_b1QabcDEF123ghi456JKL789t',
  mode: 'payment',
  subscription: null,
};
