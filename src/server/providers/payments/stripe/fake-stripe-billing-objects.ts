/**
 * Test helper: the Billing objects the fake Stripe answers with, in the shapes of Stripe's API
 * reference at the SDK's version (Price, Customer, Checkout Session, Subscription with its item
 * periods, Invoice, portal Session), reduced to the fields a one-price subscription carries.
 */
import { stripeId, type Json } from './fake-stripe-objects';

export interface FakePrice {
  id: string;
  /** Integer cents. */
  unitAmount: number;
  currency?: string;
  /** A month is 30 days here, a year 365. */
  interval?: 'month' | 'year';
}

export const DEFAULT_PRO_PRICE: FakePrice = {
  id: 'price_fake_pro_monthly',
  unitAmount: 4_900,
  currency: 'usd',
  interval: 'month',
};

const DAY = 24 * 60 * 60;

/** Seconds in one period of the price. */
export const periodSeconds = (price: Json) =>
  (price.recurring as { interval: string }).interval === 'year' ? 365 * DAY : 30 * DAY;

export function priceObject(price: FakePrice): Json {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    currency: price.currency ?? 'usd',
    livemode: false,
    lookup_key: null,
    metadata: {},
    product: `prod_${price.id.replace(/^price_/, '')}`,
    recurring: { interval: price.interval ?? 'month', interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    unit_amount: price.unitAmount,
  };
}

export function customerObject(email: string | null, created: number): Json {
  return { id: stripeId('cus'), object: 'customer', created, email, livemode: false, metadata: {} };
}

export function checkoutSessionObject(input: {
  baseUrl: string;
  created: number;
  price: Json;
  params: Record<string, unknown>;
}): Json {
  const { params, price } = input;
  const id = `cs_test_${stripeId('x').slice(2)}`;
  const text = (key: string) => (typeof params[key] === 'string' ? params[key] : null);
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: price.unit_amount,
    amount_total: price.unit_amount,
    cancel_url: text('cancel_url'),
    client_reference_id: text('client_reference_id'),
    created: input.created,
    currency: price.currency,
    customer: text('customer'),
    customer_email: text('customer_email'),
    expires_at: input.created + DAY,
    invoice: null,
    livemode: false,
    metadata: isRecord(params.metadata) ? params.metadata : {},
    mode: 'subscription',
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: text('success_url'),
    ui_mode: 'hosted',
    url: `${input.baseUrl}/checkout/${id}`,
  };
}

export function subscriptionObject(input: {
  customer: string;
  price: Json;
  metadata: Json;
  start: number;
  latestInvoice: string;
}): Json {
  const id = stripeId('sub');
  const item = {
    id: stripeId('si'),
    object: 'subscription_item',
    created: input.start,
    current_period_start: input.start,
    current_period_end: input.start + periodSeconds(input.price),
    metadata: {},
    price: input.price,
    quantity: 1,
    subscription: id,
  };
  return {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: input.start,
    billing_mode: {
      type: 'flexible',
      flexible: { proration_discounts: 'included' },
      updated_at: input.start,
    },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.start,
    currency: input.price.currency,
    customer: input.customer,
    default_payment_method: stripeId('pm'),
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: input.latestInvoice,
    livemode: false,
    metadata: input.metadata,
    pause_collection: null,
    start_date: input.start,
    status: 'active',
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
}

/** The subscription's only item (the fake sells one price a subscription). */
export function itemOf(subscription: Json): Json {
  return (subscription.items as { data: Json[] }).data[0] as Json;
}

export function invoiceObject(input: {
  subscription: Json;
  paid: boolean;
  attempt: number;
  reason: 'subscription_create' | 'subscription_cycle';
  created: number;
}): Json {
  const item = itemOf(input.subscription);
  const amount = (item.price as Json).unit_amount as number;
  return {
    id: stripeId('in'),
    object: 'invoice',
    amount_due: amount,
    amount_paid: input.paid ? amount : 0,
    amount_remaining: input.paid ? 0 : amount,
    attempt_count: input.attempt,
    attempted: true,
    billing_reason: input.reason,
    created: input.created,
    currency: input.subscription.currency,
    customer: input.subscription.customer,
    livemode: false,
    parent: {
      type: 'subscription_details',
      subscription_details: { metadata: input.subscription.metadata, subscription: input.subscription.id },
    },
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    status: input.paid ? 'paid' : 'open',
  };
}

export function portalSessionObject(input: {
  baseUrl: string;
  customer: string;
  returnUrl: string | null;
  created: number;
}): Json {
  const id = stripeId('bps');
  return {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_fake_default',
    created: input.created,
    customer: input.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl,
    url: `${input.baseUrl}/billing_portal/${id}`,
  };
}

export function isRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
