/**
 * Pure mappings between the billing port and Stripe's objects: the Checkout we create, what a
 * subscription's state is, and which events speak of one.
 *
 * Stripe's shapes differ by API version, and a webhook is rendered in the endpoint's version, not
 * the SDK's: the period end sits on the subscription items since 2025-03-31.basil and on the
 * subscription before. A scheduled cancellation is `cancel_at_period_end` (the API, classic
 * billing) or only `cancel_at` (the portal on flexible billing, the default for new
 * subscriptions); both count when they end the subscription by the end of its period.
 */
import type Stripe from 'stripe';
import type { BillingProvider, SubscriptionState, SubscriptionStatus } from '../billing-provider';

type CheckoutInput = Parameters<BillingProvider['createCheckout']>[0];

export function toCheckoutParams(input: CheckoutInput, priceId: string): Stripe.Checkout.SessionCreateParams {
  // A simulated customer (sim_cus_…) left from before PAYMENTS_PROVIDER=stripe means nothing to Stripe.
  const customer = input.customerId && !input.customerId.startsWith('sim_') ? input.customerId : null;
  return {
    mode: 'subscription',
    line_items: [{ price: priceId, quantity: 1 }],
    client_reference_id: input.userId,
    subscription_data: { metadata: { userId: input.userId } },
    metadata: { userId: input.userId },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    ...(customer ? { customer } : { customer_email: input.email }),
  };
}

const STATUSES: ReadonlySet<string> = new Set<SubscriptionStatus>([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);

/** A subscription as any API version renders it: the top-level period fields of before basil. */
export type AnySubscription = Pick<
  Stripe.Subscription,
  'id' | 'customer' | 'status' | 'cancel_at_period_end' | 'cancel_at' | 'metadata'
> & {
  items?: { data?: { current_period_end?: number | null }[] } | null;
  current_period_end?: number | null;
};

/** Throws TypeError when the object lacks what a state needs (an unknown status, no period end). */
export function toSubscriptionState(subscription: AnySubscription): SubscriptionState {
  const { id, status } = subscription;
  if (typeof id !== 'string' || !id) throw new TypeError('Stripe subscription has no id');
  if (!STATUSES.has(status)) throw new TypeError(`Unknown Stripe subscription status: ${String(status)}`);
  const customerId =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer?.id;
  if (!customerId) throw new TypeError(`Stripe subscription ${id} has no customer`);
  // Mixed intervals: Stripe ends a cancel_at_period_end subscription at the earliest item's end.
  const itemEnds = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  const periodEnd = itemEnds.length > 0 ? Math.min(...itemEnds) : subscription.current_period_end;
  if (typeof periodEnd !== 'number')
    throw new TypeError(`Stripe subscription ${id} has no current period end`);
  const cancelAt = typeof subscription.cancel_at === 'number' ? subscription.cancel_at : null;
  // A cancel_at beyond this period still renews once: a later event ends it.
  const endsThisPeriod = subscription.cancel_at_period_end || (cancelAt !== null && cancelAt <= periodEnd);
  return {
    customerId,
    subscriptionId: id,
    status: status as SubscriptionStatus,
    currentPeriodEnd: new Date((cancelAt !== null && cancelAt < periodEnd ? cancelAt : periodEnd) * 1000),
    cancelAtPeriodEnd: endsThisPeriod,
  };
}

/** Our user id on a subscription Checkout created (subscription_data.metadata.userId). */
export function userIdOf(subscription: Pick<Stripe.Subscription, 'metadata'>): string | null {
  const userId = subscription.metadata?.userId;
  return typeof userId === 'string' && userId ? userId : null;
}

export type BillingEventRead =
  | { kind: 'subscription'; subscription: AnySubscription }
  | { kind: 'checkout'; subscriptionId: string; userId: string | null };

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * Which events speak of a subscription: the three subscription events, and a completed Checkout
 * in subscription mode (whose subscription is then fetched). Null for every other event. Throws
 * TypeError when such an event does not carry the object it should.
 */
export function readBillingEvent(event: Pick<Stripe.Event, 'type' | 'data'>): BillingEventRead | null {
  const object = event.data?.object as { object?: unknown } | undefined;
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    if (object?.object !== 'subscription') throw new TypeError(`${event.type} carries no subscription`);
    return { kind: 'subscription', subscription: object as AnySubscription };
  }
  if (event.type !== 'checkout.session.completed') return null;
  if (object?.object !== 'checkout.session') throw new TypeError(`${event.type} carries no Checkout Session`);
  const session = object as Partial<Stripe.Checkout.Session>;
  if (session.mode !== 'subscription' || !session.subscription) return null;
  const subscriptionId =
    typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
  const userId = session.client_reference_id ? session.client_reference_id : null;
  return { kind: 'checkout', subscriptionId, userId };
}
